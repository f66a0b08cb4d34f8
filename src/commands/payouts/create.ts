import {commandOf} from '../../cli/command-of.js'
import {yesFlag} from '../../cli/flags/common-flags.js'
import {shownAnswer} from '../../cli/shown.js'
import {payoutsCreate} from '../../operations/payouts/payouts-create.js'

export default commandOf(payoutsCreate, {
  result: 'payout',
  description: `By default the payout is created through v2, for an e-mail or phone recipient or a counterparty; --and-then runs a follow-up step right away (send-claim-link, or pay, which moves money and needs payouts:approve).

A social handle or wallet (--creator-handle), --verification-method, --payout-type, --notifications or --pre-approved create it through v1 instead: v1 creation is an upsert on --custom-id, and the output says whether the payout was created or updated. --pre-approved creates it approved (needs payouts:approve and enough balance).

A counterparty payout that cannot be paid as it stands (its counterparty still lacks what a direct payment needs, such as its taxIdentity, or holds a payment method that does not pay in the currency) is created with a warning that names the "payctl counterparties update" command that fixes it; a --and-then pay the service refuses for that reason creates nothing and exits 5 with the same advice.

When the step fails (for example a payment the recipient's bank declines, which the sandbox settles at once), the command exits 8 with the failure code and reason on stderr. --wait follows the payout until the step is final (see payctl payouts wait --help): exit 0, 8 when it failed or expired, 7 on time-out.

Money-moving creations (--pre-approved, --and-then pay) ask for confirmation on a production profile, or need --yes without a terminal. --json prints the payout as the API returned it (v1 adds "action": created or updated).\n\nAt a terminal, the required flags left out and a recipient are asked for (a counterparty can be searched), each answer checked as it is typed, and a summary with the destination is shown before anything is sent. With --json, or without a terminal, the command exits 2 naming the missing flags.`,
  examples: [
    '<%= config.bin %> <%= command.id %> --amount 120.00 --currency EUR --description "October royalties" --email maria@example.com --custom-id inv-2026-10-maria',
    '<%= config.bin %> <%= command.id %> --amount 50 --currency USD --description "Bonus" --phone +4915112345678 --tag bonus --tag q4 --and-then send-claim-link',
    '<%= config.bin %> <%= command.id %> --amount 75.00 --currency EUR --description "Licence" --counterparty counterparty_0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f --and-then pay --yes',
    '<%= config.bin %> <%= command.id %> --amount 30 --currency EUR --description "Views" --creator-handle @maria --verification-method youtube-channel --custom-id views-maria-11',
  ],
  flags: {yes: yesFlag},
  view: () => import('../../cli/output/payout-view.js'),
  show: (created, view, {flags}) => {
    if (created.api === 'v1')
      return shownAnswer(created, {view: (_, out) => view.showCreatedV1(out, created.sent.payout)})
    const {sent, destinations} = created
    return shownAnswer(created, {
      view: (payout, out) => {
        out.line(view.createdLine(sent, flags['custom-id'], flags['and-then']))
        view.showPayoutV2(out, payout, destinations[payout.id])
      },
    })
  },
})
