import {commandOf} from '../../cli/command-of.js'
import {listedCommand} from '../../cli/listed-command.js'
import {payoutsChanges} from '../../operations/payouts/payouts-changes.js'

export default commandOf(payoutsChanges, {
  ...listedCommand('payoutChanges', async () => (await import('../../cli/output/payout-view.js')).payoutChangeColumns),
  description: `For cron jobs: reads the whole v2 list and prints the payouts whose status changed since the last successful run recorded in --since-state FILE, with the status before (previousStatus; null for a payout not seen before). A payout that fails, is paid again and fails again is listed again: a status change is a new status or a new approvedAt, requestedAt or completedAt.

The first run records a baseline, prints nothing and says so on stderr. FILE advances only after the output is written, so a run that fails or is killed is repeated whole by the next one (docs/scripting.md, "Unattended runs").

--status narrows what is tracked to payouts in these statuses (server-side): with --status failed, every payout that is failed now and was not failed (with the same request) at the last run is listed. --currency, --min-amount, --max-amount, --from and --before are client-side.

Safe to re-run: read only; FILE records one command, profile, origin and filters, and refuses others (exit 2).`,
  examples: [
    '<%= config.bin %> <%= command.id %> --since-state /var/lib/payctl/failures.state --status failed',
    '<%= config.bin %> <%= command.id %> --since-state changes.state -o jsonl --jq \'select(.status == "failed") | .id\'',
  ],
})
