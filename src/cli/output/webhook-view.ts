import type {WebhookSubscription} from '../../contract/responses.js'
import type {Column} from './columns.js'
import {localTime, orDash} from './format.js'
import type {Output} from './output.js'

/** The team's webhook subscriptions, each saying whether this profile stores its signing secret. */
export async function showWebhooks(
  out: Output,
  subscriptions: WebhookSubscription[],
  secretStored: (id: string) => boolean,
  bin: string,
): Promise<void> {
  if (!subscriptions.length) {
    out.info(`No webhook subscriptions. Create one with "${bin} webhooks create --url URL".`)
    return
  }
  const columns: Column<WebhookSubscription>[] = [
    {header: 'ID', value: s => s.id},
    {header: 'URL', key: 'targetUrl', value: s => orDash(s.targetUrl)},
    {header: 'Event type', value: s => orDash(s.eventType), drop: 1},
    {header: 'Created', key: 'createdAt', value: s => localTime(s.createdAt), drop: 2},
    {header: 'Secret', value: s => (secretStored(s.id) ? 'stored' : '-')},
  ]
  await out.table(subscriptions, columns)
}
