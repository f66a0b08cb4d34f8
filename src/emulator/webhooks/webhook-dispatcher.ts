import {randomUUID} from 'node:crypto'
import {SIGNATURE_HEADER, TIMESTAMP_HEADER} from '../../contract/webhook-hmac.js'
import {httpCall} from '../../shared/http-call.js'
import {errnoCode, messageOf} from '../../shared/thrown.js'
import {payoutV1, payoutV2, v1Status} from '../domain/api-views.js'
import type {Clock} from '../domain/clock.js'
import type {PayoutEvents, V2EventType} from '../domain/payout-events.js'
import type {Store} from '../store/index.js'
import type {DeliveryRow, PayoutRow, SubscriptionRow} from '../store/row-types.js'
import {deliveryMessage} from './delivery-message.js'
import {signDelivery} from './delivery-signature.js'

/**
 * Webhook delivery (spec section 6).
 *
 * - Events are queued in the same SQL transaction as the change that causes them, one row per
 *   subscription; the HTTP work starts after the API response is written (`kick`).
 * - Per subscription the queue is strictly ordered: the next event waits until the one before it is
 *   delivered or given up, so a receiver sees created, approved, requested, completed in that order.
 * - 2xx: delivered. 5xx, time-out or connection error: retried after 10, 20, 40, … 5120 s (10 retries).
 *   429: retried after 60 s. 410: the subscription is deleted. Other 4xx: given up.
 * - Retries are due on the emulator clock: advancing it (the control table's `advanceClock`) runs them at once; in
 *   real time a timer wakes the dispatcher when the next one is due.
 */

export const RETRY_DELAYS_SECONDS = [10, 20, 40, 80, 160, 320, 640, 1280, 2560, 5120]
export const RATE_LIMIT_RETRY_SECONDS = 60
const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1

export interface DispatcherOptions {
  /** Per-attempt time-out (the spec does not name one). */
  timeoutMs?: number
  userAgent?: string
  log?: (line: string) => void
  /** The emulator's own origin once it listens: fills the URL fields of delivered payouts. */
  origin?: () => string | undefined
}

const wants = (subscription: SubscriptionRow, type: string) =>
  subscription.events !== null && (JSON.parse(subscription.events) as string[]).includes(type)

const succeeded = (status: number | undefined) => status !== undefined && status >= 200 && status < 300

/** Seconds until the next attempt after a failed one; undefined when the failure is not retried. */
function retryDelaySeconds(status: number | undefined, attempt: number): number | undefined {
  if (status === 429) return RATE_LIMIT_RETRY_SECONDS
  if (status === undefined || status >= 500) return RETRY_DELAYS_SECONDS[attempt - 1]
  return undefined
}

export class WebhookDispatcher implements PayoutEvents {
  private running: Promise<void> | undefined
  private again = false
  private timer: NodeJS.Timeout | undefined
  private closed = false
  /** Set when events were queued since the last request finished. */
  private queued = false
  private readonly timeoutMs: number

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly options: DispatcherOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 10_000
  }

  changed(rows: PayoutRow | PayoutRow[]): void {
    const byTeam = new Map<string, PayoutRow[]>()
    for (const row of Array.isArray(rows) ? rows : [rows]) {
      const list = byTeam.get(row.team_id)
      if (list) list.push(row)
      else byTeam.set(row.team_id, [row])
    }
    for (const [teamId, list] of byTeam) this.enqueue(teamId, list)
  }

  settled(type: V2EventType, row: PayoutRow): void {
    this.enqueueV2(type, row)
  }

  /**
   * Queues the v1 lifecycle event of each payout for every subscription of its team (inside the caller's
   * transaction): the payout exactly as `GET /payout/{id}` shows it (spec 6.3), plus `message`.
   */
  enqueue(teamId: string, rows: PayoutRow[]): void {
    for (const row of rows) {
      const payout = payoutV1(row, this.options.origin?.())
      const body = {...payout, message: deliveryMessage(payout, row)}
      this.queue(teamId, `payout.${v1Status(row.status)}`, JSON.stringify(body), () => true)
    }
  }

  /**
   * Queues a v2 settlement event (`payout.completed`, `payout.failed`) for the subscriptions of the payout's team
   * that asked for it (`events` on create): `{object: "event", id, type, createdAt, data: <v2 payout>}`.
   */
  enqueueV2(type: V2EventType, row: PayoutRow): void {
    const data = payoutV2(row, this.options.origin?.())
    const event = {object: 'event', id: `evt_${randomUUID()}`, type, createdAt: row.updated_at, data}
    this.queue(row.team_id, type, JSON.stringify(event), subscription => wants(subscription, type))
  }

  private queue(teamId: string, event: string, body: string, accepts: (s: SubscriptionRow) => boolean): void {
    const subscriptions = this.store.webhooks.subscriptions(teamId).filter(accepts)
    if (!subscriptions.length) return
    const now = this.clock.nowMs()
    this.queued = true
    for (const subscription of subscriptions)
      this.store.webhooks.insertDelivery({
        id: randomUUID(),
        subscription_id: subscription.id,
        url: subscription.target_url,
        event,
        body,
        attempt: 1,
        state: 'pending',
        response_status: null,
        error: null,
        scheduled_at: now,
        sent_at: null,
      })
  }

  /** After each API request: starts delivering if the request queued events. */
  afterRequest(): void {
    if (!this.queued) return
    this.queued = false
    this.kick()
  }

  /** Starts sending whatever is due, without waiting. */
  kick(): void {
    if (this.closed) return
    this.drain().catch(error => this.options.log?.(`webhook dispatcher: ${messageOf(error)}`))
  }

  /** Sends everything due now (following each queue as far as it is due) and resolves when done. */
  drain(): Promise<void> {
    this.again = true
    if (!this.running) this.running = this.loop()
    return this.running
  }

  private async loop(): Promise<void> {
    try {
      while (this.again && !this.closed) {
        this.again = false
        await this.sendDue()
      }
    } finally {
      this.running = undefined
    }
    this.schedule()
  }

  private async sendDue(): Promise<void> {
    while (!this.closed && this.store.db.open) {
      const now = this.clock.nowMs()
      const due = this.store.webhooks.queueHeads().filter(head => head.scheduled_at <= now)
      if (!due.length) return
      await Promise.all(due.map(head => this.attempt(head)))
    }
  }

  /** Wakes up in real time when the next queued attempt becomes due. */
  private schedule(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    if (this.closed || !this.store.db.open) return
    const heads = this.store.webhooks.queueHeads()
    if (!heads.length) return
    const next = Math.min(...heads.map(head => head.scheduled_at))
    const delay = Math.min(Math.max(0, next - this.clock.nowMs()), 2_147_483_647)
    this.timer = setTimeout(() => this.kick(), delay)
    this.timer.unref()
  }

  private async attempt(delivery: DeliveryRow): Promise<void> {
    const subscription = this.store.webhooks.subscription(delivery.subscription_id)
    if (!subscription) {
      this.store.webhooks.patchDelivery(delivery.seq, {state: 'done', error: 'subscription deleted'})
      return
    }
    const sentAt = this.clock.nowMs()
    const timestamp = Math.floor(sentAt / 1000)
    this.store.webhooks.patchDelivery(delivery.seq, {state: 'sending', sent_at: sentAt})
    let status: number | undefined
    let error: string | undefined
    try {
      const response = await httpCall(delivery.url, {
        method: 'POST',
        body: delivery.body,
        headers: {
          'content-type': 'application/json',
          'user-agent': this.options.userAgent ?? 'payctl-emulator',
          [SIGNATURE_HEADER.toLowerCase()]: signDelivery(subscription.secret, timestamp, delivery.body),
          [TIMESTAMP_HEADER.toLowerCase()]: String(timestamp),
        },
        signal: AbortSignal.timeout(this.timeoutMs),
      })
      status = response.statusCode
      response.body.resume()
    } catch (cause) {
      const code = errnoCode(cause)
      error = `${code ? `${code}: ` : ''}${messageOf(cause)}`
    }
    if (this.closed || !this.store.db.open) return
    this.finish(delivery, sentAt, status, error)
  }

  private finish(delivery: DeliveryRow, sentAt: number, status: number | undefined, error: string | undefined): void {
    this.store.transaction(() => {
      this.store.webhooks.patchDelivery(delivery.seq, {
        state: 'done',
        response_status: status ?? null,
        error: error ?? (status !== undefined && !succeeded(status) ? `HTTP ${status}` : null),
      })
      if (succeeded(status)) return
      if (status === 410) {
        this.store.webhooks.deleteSubscription(delivery.subscription_id)
        return
      }
      const delaySeconds = retryDelaySeconds(status, delivery.attempt)
      if (delaySeconds === undefined || delivery.attempt >= MAX_ATTEMPTS) return
      if (!this.store.webhooks.subscription(delivery.subscription_id)) return
      this.store.webhooks.insertDelivery({
        id: randomUUID(),
        subscription_id: delivery.subscription_id,
        url: delivery.url,
        event: delivery.event,
        event_seq: delivery.event_seq,
        body: delivery.body,
        attempt: delivery.attempt + 1,
        state: 'pending',
        response_status: null,
        error: null,
        scheduled_at: sentAt + delaySeconds * 1000,
        sent_at: null,
      })
    })
  }

  /** Stops timers; attempts in flight finish without touching the database. */
  async close(): Promise<void> {
    this.closed = true
    if (this.timer) clearTimeout(this.timer)
    await this.running?.catch(() => undefined)
  }
}
