import {commandOf} from '../../cli/command-of.js'
import {listedCommand} from '../../cli/listed-command.js'
import {transactionsList} from '../../operations/transactions/transactions-list.js'

export default commandOf(transactionsList, {
  ...listedCommand(
    'transactions',
    async () => (await import('../../cli/output/transaction-view.js')).transactionColumns,
  ),
  description: `Deposits, payouts, fees: every money movement (v2). Filters combine: --type, --status and --currency are repeatable (any of the values), --payout narrows to one payout, and --from (inclusive) / --before (exclusive) take ISO 8601 date-times with a zone (2026-11-01T10:00:00Z, 2026-11-01T12:00+02:00) or a date (midnight UTC).

Shows 50 by default; --limit bounds the count and --all follows every page (streamed; use --output jsonl or csv for exports).

--since-state FILE (for cron jobs) prints only the transactions that are new or changed since the last successful run recorded in FILE: each run reads from 24 hours before the newest createdAt the last run saw, and compares content fingerprints. FILE advances only after the output is written (docs/scripting.md, "Unattended runs").

Amounts are right-aligned with their sign (out is negative).`,
  examples: [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --type deposit --currency EUR --from 2026-11-01 --before 2026-12-01',
    '<%= config.bin %> <%= command.id %> --payout payout_0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f --json',
    '<%= config.bin %> <%= command.id %> --status pending --status completed --all --output csv > transactions.csv',
    '<%= config.bin %> <%= command.id %> --since-state /var/lib/payctl/transactions.state -o jsonl >> transactions.jsonl',
  ],
})
