import type {ControlDelivery} from '../../client/emulator-control.js'
import {summarize} from '../../services/webhooks/payload.js'
import type {Palette} from '../output/colors.js'
import {fold, visibleLength} from './fold.js'
import type {Output} from './output.js'
import {clockTime} from './webhook-delivery-line.js'

/**
 * `payctl emulator deliveries`: the emulator's webhook delivery log as one line per finished attempt, with
 * what became of it (delivered, next retry at, gave up). Following the log prints each attempt once, when it
 * has an answer.
 */

export type Outcome = 'delivered' | 'retrying' | 'gave-up' | 'subscription-deleted'

export type AttemptView = {
  sentAt: string
  event: string
  payoutId?: string
  url: string
  attempt: number
  responseStatus: number | null
  error?: string
  outcome: Outcome
  nextRetryAt?: string
  subscriptionId: string
  deliveryId: string
}

const finished = (d: ControlDelivery) => d.sentAt !== null && (d.responseStatus !== null || d.error !== undefined)

const sameEvent = (a: ControlDelivery, b: ControlDelivery) =>
  a.subscriptionId === b.subscriptionId && a.event === b.event && JSON.stringify(a.body) === JSON.stringify(b.body)

function outcomeOf(delivery: ControlDelivery, retry: ControlDelivery | undefined): Outcome {
  const status = delivery.responseStatus
  if (status !== null && status >= 200 && status < 300) return 'delivered'
  if (retry) return 'retrying'
  return status === 410 ? 'subscription-deleted' : 'gave-up'
}

/** The finished attempts of the log in the order they were sent, each with its outcome (the next attempt of the same event, if queued). */
export function attemptViews(log: ControlDelivery[]): AttemptView[] {
  const attempts = log.filter(finished).sort((a, b) => Date.parse(a.sentAt!) - Date.parse(b.sentAt!))
  return attempts.map(delivery => {
    const retry = log.find(other => other.attempt === delivery.attempt + 1 && sameEvent(other, delivery))
    const summary = summarize(delivery.body)
    const view: AttemptView = {
      sentAt: delivery.sentAt!,
      event: summary.status ?? delivery.event,
      payoutId: summary.payoutId,
      url: delivery.url,
      attempt: delivery.attempt,
      responseStatus: delivery.responseStatus,
      outcome: outcomeOf(delivery, retry),
      subscriptionId: delivery.subscriptionId,
      deliveryId: delivery.id,
    }
    if (delivery.error) view.error = delivery.error
    if (retry) view.nextRetryAt = retry.scheduledAt
    return view
  })
}

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
  else if (view.outcome === 'retrying') outcome = color.yellow(`next retry ${clockTime(view.nextRetryAt!)}`)
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

/** Remembers which attempts were shown, so that following the log prints each one once. */
export class DeliveryTail {
  private readonly shown = new Set<string>()

  /** The attempts of `log` not shown yet. */
  next(log: ControlDelivery[]): AttemptView[] {
    const fresh = attemptViews(log).filter(view => !this.shown.has(view.deliveryId))
    for (const view of fresh) this.shown.add(view.deliveryId)
    return fresh
  }
}

/** Attempts as lines: one JSON line each under --json, else `attemptLine` (fitted to a terminal's width). */
export function showAttempts(attempts: readonly AttemptView[], out: Output): void {
  for (const attempt of attempts)
    if (out.json) out.jsonLine(attempt)
    else out.line(attemptLine(attempt, out.color, out.stdoutColumns))
}
