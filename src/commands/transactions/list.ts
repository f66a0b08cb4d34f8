import {BaseCommand} from '../../cli/base-command.js'
import {transactionListFlags} from '../../cli/flags/transaction-list-flags.js'
import type {Answer} from '../../cli/shown.js'
import type {Transaction} from '../../client/schemas.js'

export default class TransactionsList extends BaseCommand<typeof TransactionsList> {
  static override result = 'transactions' as const
  static override summary = "List every movement on the team's accounts, newest first."
  static override description =
    `Deposits, payouts, fees: every money movement (v2). Filters combine: --type, --status and --currency are repeatable (any of the values), --payout narrows to one payout, and --from (inclusive) / --before (exclusive) take ISO 8601 date-times with a zone (2026-11-01T10:00:00Z, 2026-11-01T12:00+02:00) or a date (midnight UTC).

Shows 50 by default; --limit bounds the count and --all follows every page (streamed; use --output jsonl or csv for exports).

--since-state FILE (for cron jobs) prints only the transactions that are new or changed since the last successful run recorded in FILE: each run reads from 24 hours before the newest createdAt the last run saw, and compares content fingerprints. FILE advances only after the output is written (docs/scripting.md, "Unattended runs").

Amounts are right-aligned with their sign (out is negative).`

  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --type deposit --currency EUR --from 2026-11-01 --before 2026-12-01',
    '<%= config.bin %> <%= command.id %> --payout payout_0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f --json',
    '<%= config.bin %> <%= command.id %> --status pending --status completed --all --output csv > transactions.csv',
    '<%= config.bin %> <%= command.id %> --since-state /var/lib/payctl/transactions.state -o jsonl >> transactions.jsonl',
  ]

  static override flags = transactionListFlags

  async run(): Promise<Answer<typeof TransactionsList.result>> {
    const f = this.flags
    const {transactionFilters} = await import('../../services/transactions/filters.js')
    const filters = transactionFilters(f)
    const client = await this.client()
    if (f['since-state']) {
      const {transactionsSince} = await import('../../cli/workflows/unattended-lists.js')
      return transactionsSince(await this.unattended(f['since-state'], f.output), filters)
    }
    const [{transactionColumns}, {cursorStream}] = await Promise.all([
      import('../../cli/output/transaction-view.js'),
      import('../../cli/output/cursor-list.js'),
    ])
    return cursorStream<Transaction>({
      out: this.out,
      jsonErrors: this.jsonErrors,
      columns: transactionColumns,
      format: f.output,
      all: f.all,
      cursor: f.cursor,
      pages: position => client.v2.transactions.pages({...filters, ...position, limit: f.all ? undefined : f.limit}),
      command: 'transactions list',
      empty: 'No transactions.',
    })
  }
}
