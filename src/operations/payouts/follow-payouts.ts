import {type PayoutClient, withWaitLimits} from '../../client/index.js'
import type {PayoutV2} from '../../client/schemas.js'
import type {WaitGoal} from '../../services/payouts/goals.js'
import {fetchOrGone, type Rerun, waitForPayouts, waitOutcome} from '../../services/payouts/wait.js'
import type {PayctlError} from '../../shared/errors.js'
import {formatDuration} from '../../shared/validate.js'
import {interruptedError, watchInterrupts} from '../interrupt.js'
import type {Reporter} from '../reporter.js'

export interface FollowOptions {
  client: PayoutClient
  report: Reporter
  /** The payouts to follow, as the step answered them (or just their ids). */
  payouts: ReadonlyArray<PayoutV2 | string>
  goal: WaitGoal
  timeoutMs: number
  /** How to keep waiting (said on a time-out or Ctrl-C); default `payouts wait` on the payouts still pending. */
  rerun?: Rerun
  /** The caller's own Ctrl-C signal; without it the wait listens for Ctrl-C itself. */
  signal?: AbortSignal
}

export interface FollowResult {
  /** The last state read of every payout, in the order given. */
  payouts: PayoutV2[]
  /** Exit 8 (some failed) or 7 (time-out); undefined when all reached the goal. */
  error?: PayctlError
}

/**
 * `--wait` of the payout commands and `payouts wait`: poll with progress, then the verdict. Every wait inside,
 * the client's retries included, ends by --timeout; Ctrl-C or SIGTERM ends it at once (exit 130).
 */
export async function followPayouts(options: FollowOptions): Promise<FollowResult> {
  const ids = options.payouts.map(p => (typeof p === 'string' ? p : p.id))
  const known = new Map<string, PayoutV2>()
  for (const p of options.payouts) if (typeof p !== 'string') known.set(p.id, p)
  const last = new Map<string, PayoutV2>(known)
  const progress = options.report.waitWatch(ids.length)
  const own = options.signal
    ? undefined
    : watchInterrupts({notice: 'Stopping the wait (press Ctrl-C again to quit at once)…'})
  const signal = options.signal ?? own?.signal
  await progress.start()
  const limits = {deadline: Date.now() + options.timeoutMs, signal}
  let result: Awaited<ReturnType<typeof waitForPayouts>> | undefined
  const finals = new Set<string>()
  try {
    result = await withWaitLimits(limits, () =>
      waitForPayouts({
        ids,
        signal,
        goal: options.goal,
        timeoutMs: options.timeoutMs,
        known,
        fetch: id => fetchOrGone(() => options.client.v2.payouts.get(id)),
        onFinal: (payout, _state, key) => {
          last.set(key, payout)
          finals.add(key)
        },
        onRead: (payout, key) => last.set(key, payout),
        onChange: (payout, from) => progress.change(payout, from),
        onRound: (counts, remaining) => progress.round(counts, remaining),
      }),
    )
  } catch (error) {
    // Ctrl-C or SIGTERM during a sleep of the client ends the wait with the signal's reason.
    if (!signal?.aborted) throw error
  } finally {
    progress.stop()
    own?.dispose()
  }
  if (!result) {
    const rerun = options.rerun ?? waitAgain(options.goal, ids)
    // Stopped during a read: the payouts read so far, and how many of them were final.
    const where = `interrupted while waiting: ${finals.size} of ${ids.length} final for --until ${options.goal}`
    return {
      payouts: ids.flatMap(id => last.get(id) ?? []),
      error: interruptedError(where, [`keep waiting with "${rerun.line}"`], undefined, {next: rerun.next}),
    }
  }
  progress.stop(result.counts)
  const rerun =
    options.rerun ??
    waitAgain(
      options.goal,
      result.pending.map(p => p.id),
    )
  const payouts = ids.map(id => last.get(id) ?? {id})
  if (signal?.aborted) {
    const done = ids.length - result.pending.length
    const where = `interrupted while waiting: ${done} of ${ids.length} final for --until ${options.goal}`
    return {
      payouts,
      error: interruptedError(where, [`keep waiting with "${rerun.line}"`], undefined, {next: rerun.next}),
    }
  }
  return {payouts, error: waitOutcome(result, formatDuration(options.timeoutMs), rerun)}
}

/** Waiting on for these payouts: `payouts wait` (its operation and input, and the line a person types). */
const waitAgain = (goal: WaitGoal, ids: string[]): Rerun => ({
  line: `payctl payouts wait --until ${goal} ${ids.join(' ')}`,
  next: {operation: 'payouts:wait', input: {until: goal, id: ids}},
})
