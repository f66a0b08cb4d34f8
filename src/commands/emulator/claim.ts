import {commandOf} from '../../cli/command-of.js'
import {shownAnswer} from '../../cli/shown.js'
import {emulatorClaim} from '../../operations/emulator/emulator-controls.js'

export default commandOf(emulatorClaim, {
  result: 'claimed',
  description: `An approved payout is then requested and settles at once: completed, or with --fail (the method's failure trigger of spec section 1) declined: v2 failed, v1 still requested. A created payout keeps the method and is paid when it is approved; a failed one may be claimed again. A counterparty payout is paid directly and cannot be claimed (exit 5). Sandbox details are filled in per method; --detail overrides one field (repeatable). When the team reports under DAC7 (team update --dac7-reporting true) the recipient first gives their tax residence, as on the claim page: --tax-residence, and for an EU country --tax-identity (the fields of "counterparties countries"); without them the claim is refused.

Many payouts in one run: ids as arguments, "-" reads them from stdin (one a line), or --all-approved (every approved payout with an e-mail or phone recipient). Each is claimed with the same method and details; one line per payout says what happened (--json: an array of the claimed payouts, in v2 form). A refused claim does not stop the others: the exit code is 8 when some were claimed and some refused, that of the refusal when none was claimed.`,
  examples: [
    '<%= config.bin %> <%= command.id %> payout_6f1c… --method bank-iban',
    '<%= config.bin %> <%= command.id %> payout_6f1c… --method venmo --fail',
    '<%= config.bin %> <%= command.id %> 6f1c… --method paypal --detail email=ada@example.org --json',
    '<%= config.bin %> <%= command.id %> 6f1c… --method bank-iban --tax-residence DE --tax-identity taxId=12345678901 --tax-identity dateOfBirth=1990-04-30',
    '<%= config.bin %> <%= command.id %> - < approved-ids.txt',
    '<%= config.bin %> <%= command.id %> --all-approved --method paypal',
  ],
  view: () => import('../../cli/output/claim-view.js'),
  show: (claimed, view) => {
    const {method, details} = claimed.claim
    if (claimed.single)
      return shownAnswer(claimed, {view: (payout, out) => out.line(view.claimedLine(payout, method, details))})
    return shownAnswer(claimed, {view: (_, out) => view.showClaims(out, claimed.outcomes, claimed.claim)})
  },
})
