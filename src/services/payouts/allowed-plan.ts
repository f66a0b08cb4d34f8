import Big from 'big.js'
import type {Account, PayoutV2} from '../../client/schemas.js'
import {isApprovable, isDeclined, isPayable, onlyFrom} from '../../contract/lifecycle.js'
import {formatAmount} from '../../shared/money.js'
import {allowanceLeft} from './balance-check.js'

/**
 * `--skip-conflicts` and `--within-balance` of approve and pay: which of the payouts to send and which to leave,
 * decided from the payouts as read just before and the team's accounts. The service still decides; a payout that
 * changed in between is handled when it answers (send-allowed.ts).
 */

export type PayoutStep = 'approve' | 'pay'

export interface LeaveOutChoice {
  skipConflicts: boolean
  withinBalance: boolean
}

/** A payout left out: its state, and why (`conflict`: its state does not allow the step; `balance`, `allowance`: no room). */
export interface Skipped {
  id: string
  status?: string
  kind: 'conflict' | 'balance' | 'allowance'
  reason: string
}

export interface AllowedPlan {
  send: PayoutV2[]
  skipped: Skipped[]
}

/** Why the step does not apply to a payout in its current state (spec section 3), or undefined when it does. */
export function conflictOf(action: PayoutStep, payout: PayoutV2): string | undefined {
  const status = payout.status ?? ''
  if (action === 'approve') return isApprovable(status) ? undefined : `is ${status}; ${onlyFrom('approve', 'are')}`
  if (!isPayable(status)) return `is ${status}; ${onlyFrom('pay', 'are')}`
  if (!payout.counterpartyId) return 'goes to an e-mail or phone recipient, who is paid on claiming it'
  return undefined
}

/** Whether sending the payout needs funds: every approval reserves its amount; a pay only for a failed payout. */
export function needsFunds(action: PayoutStep, payout: PayoutV2): boolean {
  return action === 'approve' || isDeclined(payout.status)
}

/** Per currency: the available balance and the allowance left (undefined: no cap), spent as payouts are taken. */
export class BalanceLeft {
  private readonly room = new Map<string, {available: Big; allowance?: Big; full?: Skipped['kind']}>()

  constructor(private readonly accounts: readonly Account[]) {}

  private of(currency: string) {
    let entry = this.room.get(currency)
    if (!entry) {
      const account = this.accounts.find(a => a.currency === currency)
      entry = {available: new Big(account?.balance?.available ?? '0'), allowance: account && allowanceLeft(account)}
      this.room.set(currency, entry)
    }
    return entry
  }

  /**
   * Takes the payout's amount when it fits both, in the given order: once one payout of a currency does not fit,
   * no later one of that currency is taken (a smaller payout never jumps ahead of a larger earlier one).
   */
  take(payout: PayoutV2): Skipped | undefined {
    if (!payout.amount || !payout.currency) return undefined
    const room = this.of(payout.currency)
    const amount = new Big(payout.amount)
    const money = (value: Big) => `${formatAmount(value, payout.currency)} ${payout.currency}`
    const short = (kind: Skipped['kind'], reason: string): Skipped => {
      room.full = kind
      return {id: payout.id, status: payout.status, kind, reason}
    }
    const needs = `needs ${money(amount)}`
    if (room.full) return short(room.full, `${needs}; an earlier ${payout.currency} payout did not fit already`)
    if (amount.gt(room.available)) return short('balance', `${needs}; ${money(room.available)} available left`)
    if (room.allowance && amount.gt(room.allowance))
      return short('allowance', `${needs}; ${money(room.allowance)} of today's allowance left`)
    room.available = room.available.minus(amount)
    if (room.allowance) room.allowance = room.allowance.minus(amount)
    return undefined
  }
}

/**
 * The payouts to send, in the given order, and those left out. Without --skip-conflicts a payout in the wrong
 * state is sent anyway (the service refuses the batch: all or nothing, as without the flags).
 */
export function chooseAllowed(
  action: PayoutStep,
  payouts: readonly PayoutV2[],
  choice: LeaveOutChoice,
  balanceLeft: BalanceLeft | undefined,
): AllowedPlan {
  const plan: AllowedPlan = {send: [], skipped: []}
  for (const payout of payouts) {
    const conflict = choice.skipConflicts ? conflictOf(action, payout) : undefined
    if (conflict) {
      plan.skipped.push({id: payout.id, status: payout.status, kind: 'conflict', reason: conflict})
      continue
    }
    const short = balanceLeft && needsFunds(action, payout) ? balanceLeft.take(payout) : undefined
    if (short) plan.skipped.push(short)
    else plan.send.push(payout)
  }
  return plan
}
