import Big from 'big.js'
import type {Account} from '../../contract/responses.js'
import type {Column} from './columns.js'
import {localTime, money, orDash} from './format.js'
import type {Output} from './output.js'
import {railPairs, railTitle} from './team-view.js'

const allowanceText = (a: Account): string => {
  const allowance = a.allowance
  if (!allowance?.limit) return 'none'
  const left = Big(allowance.limit).minus(allowance.used ?? '0')
  return `${money(left.lt(0) ? '0' : left.toFixed(), a.currency)} left of ${money(allowance.limit, a.currency)}`
}

export const accountColumns: Column<Account>[] = [
  {header: 'Currency', value: a => orDash(a.currency)},
  {header: 'Total', value: a => money(a.balance?.total, a.currency), align: 'right', raw: a => a.balance?.total},
  {
    header: 'Reserved',
    value: a => money(a.balance?.reserved, a.currency),
    align: 'right',
    raw: a => a.balance?.reserved,
  },
  {
    header: 'Available',
    value: a => money(a.balance?.available, a.currency),
    align: 'right',
    raw: a => a.balance?.available,
  },
  {header: 'Daily allowance', value: allowanceText, raw: a => a.allowance?.limit},
  {
    header: 'Allowance used',
    value: a => (a.allowance?.limit ? money(a.allowance.used ?? '0', a.currency) : '-'),
    raw: a => a.allowance?.used,
    csvOnly: true,
  },
  {
    header: 'Allowance resets',
    value: a => (a.allowance?.resetsAt ? localTime(a.allowance.resetsAt) : '-'),
    raw: a => a.allowance?.resetsAt,
  },
]

/** `team accounts`: balances per currency, then where to deposit to fund each. */
export async function showAccounts(out: Output, accounts: Account[]): Promise<void> {
  if (!accounts.length) return out.line('No accounts yet.')
  await out.table(accounts, accountColumns, 'table')
  out.line()
  out.line(out.color.bold('Deposit instructions'))
  const rails = accounts.flatMap(a => (a.depositInstructions ?? []).map(rail => ({currency: a.currency, rail})))
  if (!rails.length) out.line('  none')
  rails.forEach(({currency, rail}, index) => {
    if (index) out.line()
    out.keyValue(railPairs(rail), railTitle(currency, rail))
  })
}
