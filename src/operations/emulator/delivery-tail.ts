import type {ControlDelivery} from '../../client/emulator-control.js'
import {summarize} from '../../services/webhooks/payload.js'

/**
 * The emulator's webhook delivery log as finished attempts, each with what became of it (delivered, next retry at,
 * gave up). Following the log gives each attempt once, when it has an answer.
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

type Sent = ControlDelivery & {sentAt: string}

const finished = (d: ControlDelivery): d is Sent =>
  typeof d.sentAt === 'string' && (d.responseStatus !== null || d.error !== undefined)

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
  const attempts = log.filter(finished).sort((a, b) => Date.parse(a.sentAt) - Date.parse(b.sentAt))
  return attempts.map(delivery => {
    const retry = log.find(other => other.attempt === delivery.attempt + 1 && sameEvent(other, delivery))
    const summary = summarize(delivery.body)
    const view: AttemptView = {
      sentAt: delivery.sentAt,
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
