import type {AttemptView} from '../../operations/emulator/delivery-tail.js'
import {present} from '../../shared/present.js'
import type {Palette} from '../output/colors.js'
import {fold, visibleLength} from './fold.js'
import type {Output} from './output.js'
import {clockTime} from './webhook-delivery-line.js'

/**
 * `payctl emulator deliveries`: the emulator's webhook delivery log as one line per finished attempt, with
 * what became of it (delivered, next retry at, gave up).
 */

/**
 * `14:03:07  payout.failed     payout_…  attempt 2  -> 500  next retry 14:03:27  http://127.0.0.1:4011/`. On a
 * terminal narrower than that (`columns`), two aligned lines: the time, event, payout id (whole) and attempt; then,
 * under the event, the answer, what became of it and the URL (folded at spaces if need be).
 */
export function attemptLine(view: AttemptView, color: Palette, columns?: number): string {
  const answer = view.responseStatus !== null ? `-> ${view.responseStatus}` : `-> ${view.error}`
  const ok = view.outcome === 'delivered'
  let outcome: string
  if (ok) outcome = color.green('delivered')
  else if (view.outcome === 'retrying') outcome = color.yellow(`next retry ${clockTime(present(view.nextRetryAt))}`)
  else if (view.outcome === 'subscription-deleted') outcome = color.red('subscription deleted (410)')
  else outcome = color.red('gave up')
  const head = [clockTime(view.sentAt), view.event.padEnd(16), (view.payoutId ?? '-').padEnd(43)]
  const tail = [ok ? answer : color.yellow(answer), outcome, view.url]
  const line = [...head, `attempt ${view.attempt}`.padEnd(10), ...tail].join('  ')
  if (!columns || visibleLength(line) <= columns) return line
  const first = [...head.slice(0, 2), head[2].trimEnd(), `attempt ${view.attempt}`].join(' ')
  return `${fold(first, columns, {hang: 9})}\n${fold(`${UNDER_EVENT}${tail.join('  ')}`, columns, {hang: 0})}`
}

/** Where the second line of a narrow attempt starts: under its event. */
const UNDER_EVENT = ' '.repeat(9)

/** Attempts as lines: one JSON line each under --json, else `attemptLine` (fitted to a terminal's width). */
export function showAttempts(attempts: readonly AttemptView[], out: Output): void {
  for (const attempt of attempts)
    if (out.json) out.jsonLine(attempt)
    else out.line(attemptLine(attempt, out.color, out.stdoutColumns))
}
