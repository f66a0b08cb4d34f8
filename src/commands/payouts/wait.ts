import {commandOf} from '../../cli/command-of.js'
import {shownAnswer} from '../../cli/shown.js'
import {namedStates, statesFrom} from '../../contract/lifecycle.js'
import {payoutsWait} from '../../operations/payouts/payouts-wait.js'

export default commandOf(payoutsWait, {
  result: 'waitedPayouts',
  description: `Polls the payouts (every 2 s for a few, up to 15 s for many, honouring Retry-After) until each is final for --until, or --timeout passes. On a terminal a progress line shows the counts; otherwise one line per status change goes to stderr. Then the payouts are printed (a table, or a JSON array under --json).

--until settled (default): completed is success; failed and expired are failures; everything else is waited for.
--until paid: as settled, but a payout to an e-mail or phone recipient is final once approved with its claim link sent (the recipient must still claim it).
--until approved: approved (or settled).
--until claim-link: ${namedStates(statesFrom('expire'))} with the claim link out (or settled).

Exit codes: 0 every payout reached the state; 8 some failed or expired (each named with its failure code and reason); 7 time-out (some still pending; run the same command again to keep waiting).`,
  examples: [
    '<%= config.bin %> <%= command.id %> payout_0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f --timeout 2m',
    '<%= config.bin %> <%= command.id %> --ids-file paid.txt --json',
    '<%= config.bin %> <%= command.id %> --custom-id invoice-2026-001 --until paid',
  ],
  view: () => import('../../cli/output/payout-status.js'),
  show: (waited, {followedColumns}) =>
    shownAnswer(waited, {view: (followed, out) => out.table(followed, followedColumns)}),
})
