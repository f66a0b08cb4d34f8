import {setTimeout as sleep} from 'node:timers/promises'
import {ApiError, isTransient, retryLaterThan} from '../../client/api-errors.js'
import type {PayoutV2} from '../../client/schemas.js'
import {RETRY_AFTER_CAP_MS} from '../../client/waits.js'
import {type NextStep, PayctlError} from '../../shared/errors.js'
import {ExitCode} from '../../shared/exit-codes.js'
import {mapLimit} from '../../shared/map-limit.js'
import {present} from '../../shared/present.js'
import {GONE, type GoalState, goalStateOf, isFinal, type WaitGoal} from './goals.js'
import {type FailedPayout, failedPayout, failuresError} from './payout-failures.js'

/**
 * Polls payouts until each reaches a final goal state for the goal, or the time-out. Rounds re-read only the
 * payouts still pending, `concurrency` at a time; the pause between rounds grows from `intervalMs` to
 * `maxIntervalMs` (default: steadyInterval of the payouts pending), and a 429 or 503 that outlived the client's own retries pauses for its Retry-After (the
 * round is tried again). Payouts are passed on as they become final, so a caller can keep as little as it needs.
 */

export interface WaitOptions {
  /** v2 payout ids (or customIds) to follow. */
  ids: Iterable<string>
  goal: WaitGoal
  timeoutMs: number
  /** Reads one payout; undefined when it is gone (deleted: 404). */
  fetch(id: string): Promise<PayoutV2 | undefined>
  /** What the caller already knows (e.g. the step's answer): a final one is not read again. */
  known?: ReadonlyMap<string, PayoutV2>
  concurrency?: number
  intervalMs?: number
  maxIntervalMs?: number
  signal?: AbortSignal
  now?(): number
  /** Pauses between rounds (tests pass their own). */
  sleep?(ms: number, signal?: AbortSignal): Promise<void>
  /** A payout reached its final goal state (called once per payout). */
  onFinal?(payout: PayoutV2, state: GoalState, key: string): void
  /** Every read of a payout that is still pending. */
  onRead?(payout: PayoutV2, key: string): void
  /** A pending payout changed status between two reads. */
  onChange?(payout: PayoutV2, from: string | undefined, key: string): void
  /** After each round: counts per goal state and the time left. */
  onRound?(counts: WaitCounts, remainingMs: number): void
}

export type WaitCounts = Record<GoalState, number>

export interface WaitResult {
  counts: WaitCounts
  failed: FailedPayout[]
  /** Still pending at the time-out, as last read (just the id when it could not be read). */
  pending: PayoutV2[]
  timedOut: boolean
}

type Settle = (payout: PayoutV2, s: GoalState, key: string) => void

const emptyCounts = (): WaitCounts => ({completed: 0, 'awaiting-claim': 0, approved: 0, failed: 0, pending: 0})

const goneView = (id: string): PayoutV2 => ({id, status: GONE})

/**
 * A transient read failure (rate limit, 5xx, network) pauses the round; anything else ends the wait, and so
 * does a Retry-After beyond the client's ceiling (the error says when to try again).
 */
export function pauseFor(error: unknown): number | undefined {
  if (!isTransient(error) || retryLaterThan(error, RETRY_AFTER_CAP_MS)) return undefined
  return error instanceof ApiError && error.retryAfterMs !== undefined ? error.retryAfterMs : 0
}

/**
 * The longest pause between rounds: 2 s while few payouts are pending, so that a person's click (an approval, a
 * claim) is seen within 2 s; about 4 reads a second beyond that, up to 15 s for a long list.
 */
export function steadyInterval(pending: number): number {
  return Math.min(15_000, Math.max(2000, pending * 250))
}

export async function waitForPayouts(options: WaitOptions): Promise<WaitResult> {
  const now = options.now ?? Date.now
  const deadline = now() + options.timeoutMs
  const counts = emptyCounts()
  const failed: FailedPayout[] = []
  const pending = new Map<string, PayoutV2 | undefined>()
  const settle = (payout: PayoutV2, s: GoalState, key: string) => {
    counts[s]++
    if (s === 'failed') failed.push(failedPayout(payout))
    options.onFinal?.(payout, s, key)
  }
  settleKnown(options, pending, settle)
  let interval = options.intervalMs ?? 1000
  for (;;) {
    const pause = pending.size ? await pausingRound(options, pending, settle) : 0
    const remaining = deadline - now()
    options.onRound?.({...counts, pending: pending.size}, remaining)
    if (!pending.size || remaining <= 0 || options.signal?.aborted) break
    await pauseRound(options, Math.min(Math.max(interval, pause), remaining))
    interval = Math.min(interval * 2, options.maxIntervalMs ?? steadyInterval(pending.size))
  }
  return {
    counts: {...counts, pending: pending.size},
    failed,
    pending: [...pending].map(([id, last]) => last ?? {id}),
    timedOut: pending.size > 0,
  }
}

/** Settles the payouts the caller already knows to be final; the others become pending. */
function settleKnown(options: WaitOptions, pending: Map<string, PayoutV2 | undefined>, settle: Settle): void {
  for (const id of options.ids) {
    const known = options.known?.get(id)
    const s = known && goalStateOf(known, options.goal)
    if (known && s && isFinal(s)) settle(known, s, id)
    else pending.set(id, known)
  }
}

/** Reads a round; the pause a transient failure asks for (0 when the round went through). */
async function pausingRound(
  options: WaitOptions,
  pending: Map<string, PayoutV2 | undefined>,
  settle: Settle,
): Promise<number> {
  try {
    await readRound(options, pending, settle)
    return 0
  } catch (error) {
    const wait = pauseFor(error)
    if (wait === undefined) throw error
    return wait
  }
}

async function pauseRound(options: WaitOptions, ms: number): Promise<void> {
  if (options.sleep) return options.sleep(ms, options.signal)
  await sleep(ms, undefined, {signal: options.signal}).catch(() => {})
}

async function readRound(
  options: WaitOptions,
  pending: Map<string, PayoutV2 | undefined>,
  settle: Settle,
): Promise<void> {
  await mapLimit([...pending.keys()], options.concurrency ?? 8, async id => {
    if (options.signal?.aborted) return
    const read = await options.fetch(id)
    const before = pending.get(id)
    if (!read && !before)
      throw new PayctlError(`payout ${id} not found`, {exitCode: ExitCode.notFound, code: 'PAYOUT_NOT_FOUND'})
    const payout = read ?? goneView(present(before).id)
    if (before && before.status !== payout.status) options.onChange?.(payout, before.status, id)
    const s = goalStateOf(payout, options.goal)
    if (isFinal(s)) {
      pending.delete(id)
      settle(payout, s, id)
    } else {
      pending.set(id, payout)
      options.onRead?.(payout, id)
    }
  })
}

/** Reads a payout for the wait: a 404 means it is gone. */
export async function fetchOrGone(read: () => Promise<PayoutV2>): Promise<PayoutV2 | undefined> {
  try {
    return await read()
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined
    throw error
  }
}

/**
 * The wait's verdict as the command's exit: nothing (exit 0) when every payout reached the goal; exit 7 when
 * some are still pending at the time-out (waiting longer can change the answer; failures are named too); exit
 * 8 when some failed or expired, each named with its code and reason.
 */
/** How to keep waiting: the command line a person types, and the step as data (an operation and its input). */
export interface Rerun {
  line: string
  next: NextStep
}

export function waitOutcome(result: WaitResult, timeoutText: string, rerun: Rerun): PayctlError | undefined {
  const total = Object.values(result.counts).reduce((a, b) => a + b, 0)
  if (result.timedOut) {
    const byStatus = new Map<string, number>()
    for (const p of result.pending) byStatus.set(p.status ?? 'unread', (byStatus.get(p.status ?? 'unread') ?? 0) + 1)
    const states = [...byStatus].map(([status, n]) => `${status}: ${n}`).join(', ')
    const failedToo = result.failed.length ? `; ${result.failed.length} failed` : ''
    const sample = result.pending.slice(0, 5).map(p => p.id)
    return new PayctlError(
      `timed out after ${timeoutText}: ${result.pending.length} of ${total} payouts not final yet (${states})${failedToo}; still pending: ${sample.join(', ')}${result.pending.length > sample.length ? ', …' : ''}`,
      {
        exitCode: ExitCode.transient,
        code: 'WAIT_TIMEOUT',
        suggestions: [`keep waiting: ${rerun.line}`],
        data: {pending: result.pending, failed: result.failed},
        advice: {next: rerun.next},
      },
    )
  }
  if (result.failed.length) return failuresError(result.failed, total)
  return undefined
}
