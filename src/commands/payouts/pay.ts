import {commandOf} from '../../cli/command-of.js'
import {yesFlag} from '../../cli/flags/common-flags.js'
import {payoutStepCommand} from '../../cli/payout-step-command.js'
import {payoutsPay} from '../../operations/payouts/payout-steps.js'

export default commandOf(payoutsPay, {
  ...payoutStepCommand,
  description: `Moves each payout to requested; settlement follows per payout. An approved payout to an e-mail or phone recipient gets its claim link instead, as --and-then pay does: the recipient's claim pays it. Paying a failed payout again (to the counterparty's current payment method) also needs the payouts:approve scope.

Takes any number of payouts: ids as arguments, --custom-id (repeatable), --ids-file FILE, or "-" for stdin. More than one payout is sent as batch calls of at most 100 ids; each batch is all-or-nothing, and a failing batch names the payout that failed. On a production profile the command asks for confirmation (count and totals per currency) on a terminal, and needs --yes otherwise.

--json prints the payout as a JSON object when one payout is given, else the payouts as a JSON array (empty when --skip-conflicts left every payout out).

--skip-conflicts and --within-balance are explicit choices to apply the step to what fits instead of all or nothing: --skip-conflicts leaves out every payout whose state does not allow it (or that is gone); --within-balance goes through the payouts in the order given and stops taking a currency's payouts at the first that the available balance or the allowance left no longer covers. What was applied is printed as usual; the payouts left out are listed on stderr with their state and reason (--json: one object {"skipped": [...]} on stderr). The exit code is 0 when the choice was honoured, also when something was skipped.`,
  examples: [
    '<%= config.bin %> <%= command.id %> payout_0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f',
    '<%= config.bin %> <%= command.id %> --skip-conflicts --within-balance - < ids.txt',
    '<%= config.bin %> <%= command.id %> --ids-file approved.txt --yes',
    '<%= config.bin %> <%= command.id %> --custom-id invoice-2026-001 --idempotency-key pay-invoice-2026-001',
  ],
  flags: {yes: yesFlag},
})
