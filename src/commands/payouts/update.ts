import {commandOf} from '../../cli/command-of.js'
import {shownSaved} from '../../cli/shown.js'
import {payoutsUpdate} from '../../operations/payouts/payouts-update.js'

export default commandOf(payoutsUpdate, {
  result: 'payoutV2',
  description: `Only the fields you give change. A new recipient (--email, --phone or --counterparty) replaces the old one as a whole; --tag replaces the tags (--clear-tags removes them). Once a payout is approved it can no longer be changed (exit 5).

--json prints the updated payout.`,
  examples: [
    '<%= config.bin %> <%= command.id %> payout_0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f --amount 130.00',
    '<%= config.bin %> <%= command.id %> --custom-id inv-2026-10-maria --email maria.new@example.com --description "October royalties (corrected)"',
  ],
  view: () => import('../../cli/output/payout-view.js'),
  show: (updated, {showPayoutV2}) => shownSaved(updated, 'Updated payout', showPayoutV2),
})
