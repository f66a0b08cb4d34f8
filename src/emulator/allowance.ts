import Big from 'big.js'
import {formatAmount} from '../shared/money.js'
import type {Principal} from './auth.js'
import {allowanceExceeded} from './errors.js'
import type {Store} from './store/index.js'
import type {AccountRow} from './store/types.js'

/**
 * The daily spending allowance (spec 1: the owner caps automated spending). Automated means the API: v2
 * approve (single, batch, `andThen` on create), v1 `preApproved`, and paying a `failed` payout again. Each
 * charges the amount it reserves; a team member approving on the hosted page is not capped. Releases
 * (failure, expiry, deletion) do not give allowance back: it counts what was spent today, not what is
 * open. `used` returns to 0 at the next midnight UTC of the emulator clock.
 */

/** The next midnight (UTC) after `nowMs`. */
export function nextMidnightUtc(nowMs: number): string {
  const date = new Date(nowMs)
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1)).toISOString()
}

export const isAutomated = (principal: Principal) => principal.member === undefined

export class Allowance {
  constructor(
    private readonly store: Store,
    private readonly nowMs: () => number,
  ) {}

  /** Starts a new day for the accounts whose reset time has passed. */
  roll(teamId: string): void {
    for (const account of this.store.teams.accounts(teamId)) this.current(account)
  }

  /** The account with its day rolled over if due. */
  private current(account: AccountRow): AccountRow {
    const now = this.nowMs()
    if (!account.allowance_limit || !account.allowance_resets_at || Date.parse(account.allowance_resets_at) > now)
      return account
    const resetsAt = nextMidnightUtc(now)
    this.store.teams.setAllowanceUsage(account.team_id, account.currency, '0', resetsAt)
    return {...account, allowance_used: '0', allowance_resets_at: resetsAt}
  }

  /**
   * Charges the items per currency, all or nothing: the first item that no longer fits today's allowance fails
   * with ALLOWANCE_EXCEEDED (at its batch index). Accounts without a limit are not capped.
   */
  charge(
    teamId: string,
    items: ReadonlyArray<{amount: string; currency: string; index?: number}>,
    account: (currency: string) => AccountRow,
  ): void {
    const used = new Map<string, {row: AccountRow; used: Big}>()
    for (const item of items) {
      let entry = used.get(item.currency)
      if (!entry) {
        const row = this.current(account(item.currency))
        entry = {row, used: new Big(row.allowance_used)}
        used.set(item.currency, entry)
      }
      if (!entry.row.allowance_limit) continue
      const next = entry.used.plus(item.amount)
      if (next.gt(entry.row.allowance_limit)) {
        const failure = allowanceExceeded({
          currency: item.currency,
          limit: formatAmount(entry.row.allowance_limit, item.currency),
          used: formatAmount(entry.used, item.currency),
          requested: formatAmount(item.amount, item.currency),
          resetsAt: entry.row.allowance_resets_at,
        })
        throw item.index === undefined ? failure : failure.at(item.index)
      }
      entry.used = next
    }
    for (const [currency, {row, used: total}] of used)
      if (row.allowance_limit)
        this.store.teams.setAllowanceUsage(teamId, currency, total.toFixed(), row.allowance_resets_at)
  }
}
