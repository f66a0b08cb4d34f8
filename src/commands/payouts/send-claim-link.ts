import {commandOf} from '../../cli/command-of.js'
import {payoutStepCommand} from '../../cli/payout-step-command.js'
import {payoutsSendClaimLink} from '../../operations/payouts/payout-steps.js'

export default commandOf(payoutsSendClaimLink, {
  ...payoutStepCommand,
  description: `Takes any number of payouts: ids as arguments, --custom-id (repeatable), --ids-file FILE, or "-" for stdin. Sending again resends the link and restarts the reminder schedule. More than one payout is sent as batch calls of at most 100 ids; every payout of a batch is checked before the first e-mail goes out, and a failing batch names the payout that failed.

--json prints the payout as a JSON object when one payout is given, else the payouts as a JSON array.`,
  examples: [
    '<%= config.bin %> <%= command.id %> payout_0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f',
    '<%= config.bin %> <%= command.id %> --custom-id invoice-2026-001',
    'cat ids.txt | <%= config.bin %> <%= command.id %> -',
  ],
})
