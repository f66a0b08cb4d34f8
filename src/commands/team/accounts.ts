import {BaseCommand} from '../../cli/base-command.js'
import {outputFlag} from '../../cli/flags/common-flags.js'
import type {Output} from '../../cli/output/output.js'
import {type Answer, shown} from '../../cli/shown.js'
import type {Account} from '../../client/schemas.js'

export default class TeamAccounts extends BaseCommand<typeof TeamAccounts> {
  static override result = 'accounts' as const
  static override summary =
    'Show balances per currency (total, reserved, available, allowance) and deposit instructions.'
  static override description =
    `Reads the v2 accounts (GET /api/v2/accounts). "Reserved" is what approved, unpaid payouts hold; "Available" (total minus reserved) is what new approvals can use. The daily allowance, when the owner set one, caps automated approvals and payments per day; it resets at the time shown. Deposit instructions say where to send money to fund each currency.

Before approve, pay and import --and-then pay send anything, payctl compares their totals with these numbers and warns when they do not fit.

--json prints the accounts as the API returned them; --output csv|jsonl|json|table chooses the balance table's format.`

  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --json | jq ".[] | {currency, available: .balance.available}"',
    '<%= config.bin %> <%= command.id %> --output csv',
  ]

  static override flags = {output: outputFlag}

  async run(): Promise<Answer<typeof TeamAccounts.result>> {
    const client = await this.client()
    const accounts = await client.v2.team.accounts()
    const {showAccounts, accountColumns} = await import('../../cli/output/account-view.js')
    const format = this.flags.output
    const table = (rows: Account[], out: Output) => out.table(rows, accountColumns, format)
    return shown(accounts, {
      json: table,
      view: (rows, out) => (format && format !== 'table' ? table(rows, out) : showAccounts(out, rows)),
    })
  }
}
