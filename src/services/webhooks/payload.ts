import {randomUUID} from 'node:crypto'
import {initialState, V1_EVENT_STATUSES, type V1State} from '../../contract/lifecycle.js'

/** The v1 payout statuses a webhook fires for (spec section 6.2). */
export const EVENT_STATUSES = V1_EVENT_STATUSES
export type EventStatus = V1State

/**
 * A realistic delivery body: the v1 payout representation (spec section 2.1) as `GET /payout/{id}` returns it,
 * in the given status. Optional fields (customId, the deprecated handleType and url) are omitted, never null,
 * as in real deliveries.
 */
export function samplePayout(status: EventStatus, options: {id?: string; now?: Date} = {}): Record<string, unknown> {
  const id = options.id ?? randomUUID()
  const now = options.now ?? new Date()
  const created = new Date(now.getTime() - 3_600_000)
  const iso = (date: Date) => `${date.toISOString().slice(0, 19)}Z`
  return {
    id,
    uuid: id,
    description: 'Creator payout for November 2026',
    amount: '125.00',
    currency: 'EUR',
    createdAt: iso(created),
    updatedAt: iso(status === initialState() ? created : now),
    creatorHandle: '@marialopez',
    verificationMethod: 'youtube-channel',
    tags: ['november'],
    payoutType: 'manual',
    status,
    notifications: 'allowed',
  }
}

/**
 * The fields `webhooks listen` shows from a delivery body: a v1 payout (its status is the event), or a v2 event
 * `{object: "event", type, data: <v2 payout>}` (the type is the event). Absent ones stay undefined.
 */
export interface DeliverySummary {
  status?: string
  payoutId?: string
  amount?: string
  currency?: string
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value)

export function summarize(body: unknown): DeliverySummary {
  if (!isRecord(body)) return {}
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined)
  const data = body.data
  const event = body.object === 'event' && isRecord(data)
  const record = event && isRecord(data) ? data : body
  const summary: DeliverySummary = {}
  const status = event ? text(body.type) : (text(record.status) ?? text(record.type) ?? text(record.event))
  if (status) summary.status = status
  const payoutId = text(record.id)
  if (payoutId) summary.payoutId = payoutId
  const amount = text(record.amount) ?? (typeof record.amount === 'number' ? String(record.amount) : undefined)
  if (amount) summary.amount = amount
  const currency = text(record.currency)
  if (currency) summary.currency = currency
  return summary
}

/** The v2 events (spec 6.2) a subscription asks for with `events` on create; v1 payouts are always delivered. */
export const V2_EVENT_NAMES = ['payout.completed', 'payout.failed'] as const

/** The event names `webhooks listen --events` and `emulator deliveries` use: v1 statuses, then the v2 events. */
export const EVENT_NAMES = [...EVENT_STATUSES, ...V2_EVENT_NAMES] as const
