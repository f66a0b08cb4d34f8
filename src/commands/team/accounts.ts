import {commandOf} from '../../cli/command-of.js'
import {outputFlag} from '../../cli/flags/common-flags.js'
import type {Output} from '../../cli/output/output.js'
import {shownAnswer} from '../../cli/shown.js'
import type {Account} from '../../contract/responses.js'
import {teamAccounts} from '../../operations/team/team-read.js'

export default commandOf(teamAccounts, {
  result: 'accounts',
  description: `Reads the v2 accounts (GET /api/v2/accounts). "Reserved" is what approved, unpaid payouts hold; "Available" (total minus reserved) is what new approvals can use. The daily allowance, when the owner set one, caps automated approvals and payments per day; it resets at the time shown. Deposit instructions say where to send money to fund each currency.

Before approve, pay and import --and-then pay send anything, payctl compares their totals with these numbers and warns when they do not fit.

--json prints the accounts as the API returned them; --output csv|jsonl|json|table chooses the balance table's format.`,
  examples: [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --json | jq ".[] | {currency, available: .balance.available}"',
    '<%= config.bin %> <%= command.id %> --output csv',
  ],
  flags: {output: outputFlag},
  view: () => import('../../cli/output/account-view.js'),
  show: (accounts, {showAccounts, accountColumns}, {flags}) => {
    const format = flags.output
    const table = (rows: Account[], out: Output) => out.table(rows, accountColumns, format)
    return shownAnswer(accounts, {
      json: table,
      view: (rows, out) => (format && format !== 'table' ? table(rows, out) : showAccounts(out, rows)),
    })
  },
})
