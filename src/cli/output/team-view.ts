import type {Account, TeamV1} from '../../contract/responses.js'
import type {Column} from './columns.js'
import {localTime, money, orDash} from './format.js'
import type {Output} from './output.js'

type Member = NonNullable<TeamV1['members']>[number]
type Balance = NonNullable<TeamV1['balances']>[number]
type Rail = NonNullable<NonNullable<TeamV1['deposits']>[number]['rails']>[number]
/** A v1 deposit rail or a v2 account's deposit instruction: the fields both show. */
type DepositRail = Pick<
  Rail,
  'type' | 'ownership' | 'beneficiary' | 'iban' | 'bic' | 'bankName' | 'bankAddress' | 'reference'
>

const memberColumns: Column<Member>[] = [
  {header: 'Name', value: m => orDash(m.name)},
  {header: 'E-mail', value: m => orDash(m.email)},
  {header: 'Role', value: m => orDash(m.role)},
  {header: 'Joined', value: m => localTime(m.joinedAt)},
]

const allowanceOf = (b: Balance): string => {
  const a = b.allowance
  if (!a || a.limit === undefined) return 'none'
  const remaining = a.remaining === undefined ? '' : `, ${money(a.remaining, b.currency)} left`
  return `${money(a.used ?? '0', b.currency)} of ${money(a.limit, b.currency)} used${remaining}`
}

const balanceColumns: Column<Balance>[] = [
  {header: 'Currency', value: b => orDash(b.currency)},
  {header: 'Balance', value: b => money(b.balance, b.currency), align: 'right'},
  {header: 'Open payouts', value: b => money(b.openPayoutAmount, b.currency), align: 'right'},
  {header: 'After pending', value: b => money(b.balanceAfterPendingPayouts, b.currency), align: 'right'},
  {header: 'Daily allowance', value: allowanceOf},
  {header: 'Allowance resets', value: b => (b.allowance?.nextResetAt ? localTime(b.allowance.nextResetAt) : '-')},
]

/**
 * The same rail has two names in the spec: v1 `deposits[].rails[].type` says `sepa`, v2 `depositInstructions[].type`
 * says `bank_iban`. Both are shown alike, so `team get` and `team accounts` name one deposit the same way: "SEPA
 * (IBAN)" in euros, "Bank transfer (IBAN)" in another currency (SEPA is euro-only); another type is shown in
 * capitals (`bank_swift` as SWIFT).
 */
const IBAN_RAILS: ReadonlySet<string> = new Set(['sepa', 'bank_iban'])

/** "EUR: SEPA (IBAN), dedicated account", "USD: Bank transfer (IBAN)". */
export const railTitle = (currency: string | undefined, rail: DepositRail) => {
  const type = rail.type ?? 'bank transfer'
  const iban = currency === 'EUR' ? 'SEPA (IBAN)' : 'Bank transfer (IBAN)'
  const name = IBAN_RAILS.has(type) ? iban : type.replace(/^bank_/, '').toUpperCase()
  return `${currency ?? '?'}: ${name}${rail.ownership ? `, ${rail.ownership} account` : ''}`
}

export const railPairs = (rail: DepositRail): Array<[string, string | undefined]> => [
  ['Beneficiary', rail.beneficiary],
  ['IBAN', rail.iban],
  ['BIC', rail.bic],
  ['Bank', rail.bankName],
  ['Bank address', rail.bankAddress],
  ['Reference', rail.reference],
]

/**
 * `team get` for people: summary, members, balances with the allowance, and deposit instructions, as sections.
 * Deposit instructions come from the top-level `deposits` (spec section 9: `balances[].depositInfo` is gone).
 */
export async function showTeam(out: Output, team: TeamV1): Promise<void> {
  out.keyValue(
    [
      ['ID', team.id],
      ['KYB status', team.kybStatus],
      [
        'DAC7 reporting',
        team.dac7ReportingRequired === undefined ? undefined : team.dac7ReportingRequired ? 'required' : 'not required',
      ],
      [
        'Total balance',
        team.totalBalance === undefined ? undefined : money(team.totalBalance, team.totalBalanceCurrency),
      ],
    ],
    team.name ?? 'Team',
  )
  out.line()
  out.line(out.color.bold('Members'))
  if (team.members?.length) await out.table(team.members, memberColumns, 'table')
  else out.line('  none')
  out.line()
  out.line(out.color.bold('Balances'))
  if (team.balances?.length) await out.table(team.balances, balanceColumns, 'table')
  else out.line('  none')
  out.line()
  out.line(out.color.bold('Deposit instructions'))
  const rails = (team.deposits ?? []).flatMap(d => (d.rails ?? []).map(rail => ({currency: d.currency, rail})))
  if (!rails.length) out.line('  none')
  rails.forEach(({currency, rail}, index) => {
    if (index) out.line()
    out.keyValue(railPairs(rail), railTitle(currency, rail))
  })
}

/** An account (v2), e.g. after a sandbox deposit. */
export function showAccount(out: Output, account: Account): void {
  out.keyValue([
    ['Currency', account.currency],
    ['Balance', money(account.balance?.total, account.currency)],
    [
      'Reserved',
      account.balance?.reserved === undefined ? undefined : money(account.balance.reserved, account.currency),
    ],
    [
      'Available',
      account.balance?.available === undefined ? undefined : money(account.balance.available, account.currency),
    ],
  ])
}
