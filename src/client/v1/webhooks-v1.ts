import * as z from 'zod/mini'
import type {CreateWebhook} from '../../contract/requests/index.js'
import {parseResponse} from '../parse.js'
import {path} from '../path.js'
import {type WebhookSubscription, webhookSubscriptionSchema} from '../schemas.js'
import type {Transport} from '../transport.js'

/** Subscriptions are not keyed: a create is never retried (call list before trying again). */
export class WebhooksV1 {
  constructor(private readonly transport: Transport) {}

  /** `events`: the v2 events to deliver besides the v1 payouts (docs/webhooks.md). */
  async create(body: CreateWebhook): Promise<WebhookSubscription> {
    const res = await this.transport.request({
      method: 'POST',
      path: '/api/v1/webhook',
      body: {eventType: 'payout', ...body},
    })
    return parseResponse(webhookSubscriptionSchema, res.body, 'webhook', res.requestId)
  }

  async list(): Promise<WebhookSubscription[]> {
    const res = await this.transport.request({method: 'GET', path: '/api/v1/webhook'})
    const body = res.body as unknown
    const items = Array.isArray(body) ? body : (body as {data?: unknown})?.data
    return parseResponse(z.array(webhookSubscriptionSchema), items, 'webhook list', res.requestId)
  }

  async delete(id: string): Promise<void> {
    await this.transport.request({method: 'DELETE', path: `/api/v1${path`/webhook/${id}`}`})
  }
}
