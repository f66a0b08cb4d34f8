import type {CreateWebhook} from '../../contract/requests/index.js'
import {fieldOf} from '../../shared/json-object.js'
import {answerOf, call, send} from '../call.js'
import type {WebhookSubscription} from '../schemas.js'
import type {Transport} from '../transport.js'

/** The rows this resource calls, loaded with its first call: a call loads its own group of the table only. */
const rows = async () => (await import('../../contract/operations/v1-webhook-operations.js')).v1WebhookOperations

/** Subscriptions are not keyed: a create is never retried (call list before trying again). */
export class WebhooksV1 {
  constructor(private readonly transport: Transport) {}

  /** `events`: the v2 events to deliver besides the v1 payouts (docs/webhooks.md). */
  async create(body: CreateWebhook): Promise<WebhookSubscription> {
    return (await call(this.transport, (await rows()).createWebhook, {body: {eventType: 'payout', ...body}})).body
  }

  /** The subscriptions, whether the service answers with an array or a `{data}` list. */
  async list(): Promise<WebhookSubscription[]> {
    const {listWebhooks} = await rows()
    const res = await send(this.transport, listWebhooks, {})
    const body: unknown = res.body
    const items = Array.isArray(body) ? body : fieldOf(body, 'data')
    return answerOf(listWebhooks, items, res.requestId)
  }

  async delete(id: string): Promise<void> {
    await send(this.transport, (await rows()).deleteWebhook, {params: {id}})
  }
}
