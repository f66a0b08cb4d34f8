import type {AttemptView} from '../../operations/emulator/delivery-tail.js'
import {present} from '../../shared/present.js'
import type {Palette} from '../output/colors.js'
import type {Output} from './output.js'
import {clockTime} from './webhook-delivery-line.js'

/**
 * `payctl emulator deliveries`: the emulator's webhook delivery log as one line per finished attempt, with
 * what became of it (delivered, next retry at, gave up).
 */

/** `14:03:07  payout.failed     payout_…  attempt 2  -> 500  next retry 14:03:27  http://127.0.0.1:4011/` */
export function attemptLine(view: AttemptView, color: Palette): string {
  const answer = view.responseStatus !== null ? `-> ${view.responseStatus}` : `-> ${view.error}`
  const ok = view.outcome === 'delivered'
  let outcome: string
  if (ok) outcome = color.green('delivered')
  else if (view.outcome === 'retrying') outcome = color.yellow(`next retry ${clockTime(present(view.nextRetryAt))}`)
  else if (view.outcome === 'subscription-deleted') outcome = color.red('subscription deleted (410)')
  else outcome = color.red('gave up')
  return [
    clockTime(view.sentAt),
    view.event.padEnd(16),
    (view.payoutId ?? '-').padEnd(43),
    `attempt ${view.attempt}`.padEnd(10),
    ok ? answer : color.yellow(answer),
    outcome,
    view.url,
  ].join('  ')
}

/** Attempts as lines: one JSON line each under --json, else `attemptLine`. */
export function showAttempts(attempts: readonly AttemptView[], out: Output): void {
  for (const attempt of attempts)
    if (out.json) out.jsonLine(attempt)
    else out.line(attemptLine(attempt, out.color))
}
