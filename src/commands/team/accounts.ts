import {BaseCommand} from '../../cli/base-command.js'
import {outputFlag} from '../../cli/flags/common-flags.js'
import type {Output} from '../../cli/output/output.js'
import {type Answer, shownAnswer} from '../../cli/shown.js'
import type {Account} from '../../contract/responses.js'
import {teamAccounts} from '../../operations/team/team-read.js'

export default class TeamAccounts extends BaseCommand<typeof TeamAccounts, 'accounts'> {
  static override summary = teamAccounts.summary
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

  async run(): Promise<Answer<'accounts'>> {
    const [accounts, {showAccounts, accountColumns}] = await Promise.all([
      this.operate(teamAccounts),
      import('../../cli/output/account-view.js'),
    ])
    const format = this.flags.output
    const table = (rows: Account[], out: Output) => out.table(rows, accountColumns, format)
    return shownAnswer(accounts, {
      json: table,
      view: (rows, out) => (format && format !== 'table' ? table(rows, out) : showAccounts(out, rows)),
    })
  }
}
