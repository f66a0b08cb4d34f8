import {createHash} from 'node:crypto'
import {ApiError} from '../../client/api-errors.js'
import type {PayoutClient} from '../../client/index.js'
import type {PayoutV2} from '../../client/schemas.js'
import type {AndThen} from '../../client/v2/payouts-v2.js'
import {usageError} from '../../shared/errors.js'
import {mapLimit} from '../../shared/map-limit.js'
import {present} from '../../shared/present.js'
import {
  type AllowedPlan,
  BalanceLeft,
  chooseAllowed,
  conflictOf,
  type LeaveOutChoice,
  needsFunds,
  type PayoutStep,
  type Skipped,
} from './allowed-plan.js'
import {type BatchResult, runInBatches} from './batch.js'
import type {PayoutKey} from './ids-input.js'

/** A payout as read before planning, or (with --skip-conflicts) one that is gone. */
type PayoutOrGone = {payout: PayoutV2} | {gone: Skipped}

const isGone = (error: unknown) => error instanceof ApiError && error.status === 404

/** Reads every payout (v2); with --skip-conflicts a payout that no longer exists is left out, not a stop. */
export async function readPayoutsOrGone(
  client: PayoutClient,
  keys: readonly PayoutKey[],
  choice: LeaveOutChoice,
): Promise<PayoutOrGone[]> {
  return mapLimit(keys, 8, async (key): Promise<PayoutOrGone> => {
    try {
      return {payout: await client.v2.payouts.get(key.v2)}
    } catch (error) {
      if (!choice.skipConflicts || !isGone(error)) throw error
      return {gone: {id: key.label, status: 'not found', kind: 'conflict', reason: 'does not exist (deleted?)'}}
    }
  })
}

/** Plans the run: the balance left comes from the team's accounts (read once) when --within-balance asks for it. */
export async function planAllowed(
  client: PayoutClient,
  action: PayoutStep,
  read: readonly PayoutOrGone[],
  choice: LeaveOutChoice,
): Promise<AllowedPlan> {
  const balanceLeft = choice.withinBalance ? new BalanceLeft(await client.v2.team.accounts()) : undefined
  const payouts = read.flatMap(r => ('payout' in r ? [r.payout] : []))
  const plan = chooseAllowed(action, payouts, choice, balanceLeft)
  return {...plan, skipped: [...read.flatMap(r => ('gone' in r ? [r.gone] : [])), ...plan.skipped]}
}

/** The idempotency key of one call: the user's key and a digest of the ids sent, so that a call with others never reuses it. */
export function callIdempotencyKey(key: string | undefined, ids: readonly string[]): string | undefined {
  if (key === undefined) return undefined
  return `${key}-${createHash('sha256').update(ids.join(' ')).digest('hex').slice(0, 12)}`
}

export function checkIdempotencyKeyLength(key: string | undefined): void {
  if (key !== undefined && key.length > 242)
    throw usageError('--idempotency-key is too long: each call adds "-" and 12 characters; use at most 242')
}

export interface SendAllowedOptions {
  andThen?: AndThen
  idempotencyKey?: string
  signal?: AbortSignal
  onApplied?(payouts: PayoutV2[]): Promise<void> | void
}

const ROOM_CODES = new Map<string, Skipped['kind']>([
  ['INSUFFICIENT_BALANCE', 'balance'],
  ['ALLOWANCE_EXCEEDED', 'allowance'],
])

/**
 * Sends the plan in calls of at most 100. When the service refuses one payout of a call (it changed since it was
 * read, or the room ran out first), that payout is left out as the choice allows, and the rest of the call is
 * sent again: each refusal removes one payout or more, so this ends. Other failures stop as without the flags.
 */
export async function sendAllowed(
  client: PayoutClient,
  action: PayoutStep,
  plan: AllowedPlan,
  choice: LeaveOutChoice,
  options: SendAllowedOptions,
): Promise<BatchResult & {skipped: Skipped[]}> {
  const byId = new Map(plan.send.map(p => [p.id, p]))
  /** Currencies the service refused for lack of room: no later payout of them is sent. */
  const closed = new Map<string, Skipped['kind']>()
  let applied = 0
  const skipped = [...plan.skipped]
  const post = (ids: string[]) => {
    const key = {idempotencyKey: callIdempotencyKey(options.idempotencyKey, ids)}
    if (action === 'pay') return client.v2.payouts.payMany(ids, key)
    return client.v2.payouts.approveMany(ids, {andThen: options.andThen}, key)
  }
  const leaveOut = (payout: PayoutV2, kind: Skipped['kind'], reason: string) =>
    skipped.push({id: payout.id, status: payout.status, kind, reason})

  const send = async (batch: string[]): Promise<PayoutV2[]> => {
    let ids = batch.filter(id => {
      const payout = present(byId.get(id))
      const shut = payout.currency === undefined ? undefined : closed.get(payout.currency)
      if (shut && needsFunds(action, payout))
        leaveOut(payout, shut, `the service refused an earlier ${payout.currency} payout for lack of room`)
      return !(shut && needsFunds(action, payout))
    })
    while (ids.length) {
      try {
        return await post(ids)
      } catch (error) {
        const refused = await refusedItems(error, ids)
        if (!refused.length) throw error
        ids = ids.filter(id => !refused.includes(id))
      }
    }
    return []
  }

  /** The ids to leave out after `error`, each recorded with its reason; none when the choice does not cover it. */
  const refusedItems = async (error: unknown, ids: string[]): Promise<string[]> => {
    if (!(error instanceof ApiError) || error.index === undefined || !ids[error.index]) return []
    const payout = present(byId.get(ids[error.index]))
    const room = ROOM_CODES.get(error.code)
    if (room && choice.withinBalance && payout.currency) {
      closed.set(payout.currency, room)
      const index = error.index
      const later = (id: string, i: number) => {
        const other = present(byId.get(id))
        return i > index && other.currency === payout.currency && needsFunds(action, other)
      }
      const out = ids.filter((id, i) => i === index || later(id, i))
      for (const id of out) leaveOut(present(byId.get(id)), room, `the service answered ${error.code}`)
      return out
    }
    const conflict = error.status === 409 && error.code !== 'IDEMPOTENCY_KEY_REUSED'
    if (!choice.skipConflicts || !(conflict || error.status === 404)) return []
    const now = await client.v2.payouts.get(payout.id).catch(e => (isGone(e) ? undefined : payout))
    if (!now) skipped.push({id: payout.id, status: 'not found', kind: 'conflict', reason: 'was deleted meanwhile'})
    else leaveOut(now, 'conflict', conflictOf(action, now) ?? `the service answered ${error.code}`)
    return [payout.id]
  }

  const result = await runInBatches({
    items: plan.send.map(p => ({apiId: p.id, label: p.id})),
    verb: action === 'pay' ? 'paid' : 'approved',
    send,
    onApplied: payouts => {
      applied += payouts.length
      return options.onApplied?.(payouts)
    },
    signal: options.signal,
    resume: choice.skipConflicts
      ? 're-run the same command: the payouts it applied already are skipped as conflicts'
      : undefined,
  })
  return {applied, batches: result.batches, skipped}
}
