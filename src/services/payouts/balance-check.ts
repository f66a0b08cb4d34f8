import Big from 'big.js'
import type {Account} from '../../client/schemas.js'
import {formatAmount} from '../../shared/money.js'
import {messageOf} from '../../shared/thrown.js'

/**
 * Before money moves: does each currency's total fit what the account has available (total minus reserved),
 * and what is left of the daily allowance? The service decides (INSUFFICIENT_BALANCE, ALLOWANCE_EXCEEDED);
 * this only warns first, with the numbers and where to deposit.
 */

export interface Shortfall {
  currency: string
  needed: string
  /** What limits it: the available balance, or the allowance left today. */
  limit: 'available' | 'allowance'
  has: string
  account?: Account
}

/** What is left of the daily allowance, or undefined when the account has no limit. */
export function allowanceLeft(account: Account): Big | undefined {
  const a = account.allowance
  if (!a?.limit) return undefined
  const left = new Big(a.limit).minus(a.used ?? '0')
  return left.lt(0) ? new Big(0) : left
}

export function shortfalls(accounts: readonly Account[], totals: Record<string, string>): Shortfall[] {
  const found: Shortfall[] = []
  for (const [currency, needed] of Object.entries(totals)) {
    const account = accounts.find(a => a.currency === currency)
    const available = account?.balance?.available ?? '0'
    if (new Big(needed).gt(available)) {
      found.push({currency, needed, limit: 'available', has: formatAmount(available, currency), account})
      continue
    }
    const left = account && allowanceLeft(account)
    if (left && new Big(needed).gt(left))
      found.push({currency, needed, limit: 'allowance', has: formatAmount(left, currency), account})
  }
  return found
}

/** One line per shortfall, naming the numbers and what to do. */
export function describeShortfall(s: Shortfall): string {
  const need = `${formatAmount(s.needed, s.currency)} ${s.currency}`
  if (s.limit === 'allowance') {
    const resets = s.account?.allowance?.resetsAt ? ` (resets ${s.account.allowance.resetsAt})` : ''
    return `${need} exceeds the ${s.has} ${s.currency} left of today's allowance${resets}; the service will refuse what does not fit`
  }
  const balance = s.account?.balance
  const detail = balance ? ` (total ${balance.total}, reserved ${balance.reserved})` : ' (no account in this currency)'
  const deposit = s.account?.depositInstructions?.[0]
  const where = deposit?.iban
    ? `; deposit to IBAN ${deposit.iban}${deposit.reference ? ` with reference ${deposit.reference}` : ''}`
    : ''
  return `${need} exceeds the ${s.has} ${s.currency} available${detail}${where}; see payctl team accounts`
}

/** Reads the accounts and warns about each shortfall; a failed read is a warning too, never a stop. */
export async function warnIfShort(options: {
  accounts(): Promise<Account[]>
  totals: Record<string, string>
  warn(line: string): void
}): Promise<Shortfall[]> {
  if (!Object.keys(options.totals).length) return []
  let accounts: Account[]
  try {
    accounts = await options.accounts()
  } catch (error) {
    options.warn(`could not read the balances before sending (${messageOf(error)})`)
    return []
  }
  const found = shortfalls(accounts, options.totals)
  for (const s of found) options.warn(describeShortfall(s))
  return found
}
