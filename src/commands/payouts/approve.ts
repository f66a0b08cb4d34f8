import {commandOf} from '../../cli/command-of.js'
import {yesFlag} from '../../cli/flags/common-flags.js'
import {payoutStepCommand} from '../../cli/payout-step-command.js'
import {payoutsApprove} from '../../operations/payouts/payout-steps.js'

export default commandOf(payoutsApprove, {
  ...payoutStepCommand,
  description: `Takes any number of payouts: ids as arguments, --custom-id (repeatable), --ids-file FILE (one id per line), or "-" to read ids from stdin. One payout uses the single approve endpoint; more are sent as batch calls of at most 100 ids each. A batch is all-or-nothing: if one payout fails, the error names it and nothing in that batch is applied (earlier batches stay applied; later ones are not sent), and the exit code is 8 when earlier batches were applied.

Needs the payouts:approve scope. --and-then pay also pays counterparty payouts right away; --and-then send-claim-link e-mails the claim link. On a production profile the command asks for confirmation (count and totals per currency) on a terminal, and needs --yes otherwise.

--json prints the approved payout as a JSON object when one payout is given, else the approved payouts as a JSON array (empty when --skip-conflicts left every payout out).

--skip-conflicts and --within-balance are explicit choices to apply the step to what fits instead of all or nothing: --skip-conflicts leaves out every payout whose state does not allow it (or that is gone); --within-balance goes through the payouts in the order given and stops taking a currency's payouts at the first that the available balance or the allowance left no longer covers. What was applied is printed as usual; the payouts left out are listed on stderr with their state and reason (--json: one object {"skipped": [...]} on stderr). The exit code is 0 when the choice was honoured, also when something was skipped.`,
  examples: [
    '<%= config.bin %> <%= command.id %> payout_0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f',
    '<%= config.bin %> <%= command.id %> --custom-id invoice-2026-001 --custom-id invoice-2026-002 --and-then send-claim-link',
    '<%= config.bin %> <%= command.id %> --skip-conflicts --within-balance - < ids.txt',
    '<%= config.bin %> <%= command.id %> --ids-file ids.txt --yes --idempotency-key run-2026-11-21',
    '<%= config.bin %> <%= command.id %> --json - < ids.txt',
  ],
  flags: {yes: yesFlag},
})
