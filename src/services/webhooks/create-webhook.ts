import {ApiError, ConnectionError, TimeoutError} from '../../client/api-errors.js'
import type {PayoutClient} from '../../client/index.js'
import type {WebhookSubscription} from '../../client/schemas.js'
import {conflictError} from '../../shared/errors.js'
import {messageOf} from '../../shared/thrown.js'

export interface CreateWebhookOptions {
  client: PayoutClient
  url: string
  eventType: string
  /** --v2-events: the v2 events delivered besides the v1 payouts. */
  events?: string[]
  /** --another: subscribe even though the URL has a subscription already. */
  another: boolean
  /** --replace: delete the URL's subscriptions first. */
  replace: boolean
  /** Ids whose signing secret this profile holds. */
  knownSecrets: ReadonlySet<string>
  notice(message: string): void
}

export interface CreatedWebhook {
  subscription: WebhookSubscription
  /** Subscriptions deleted on the way: replaced (--replace) or orphaned by a lost answer. */
  deleted: string[]
}

/** An answer that leaves the outcome unknown: the subscription may exist without us knowing its secret. */
const outcomeUnknown = (error: unknown) =>
  error instanceof ConnectionError ||
  error instanceof TimeoutError ||
  (error instanceof ApiError && error.status >= 500)

const sameTarget = (s: WebhookSubscription, url: string, eventType: string) =>
  s.targetUrl === url && (s.eventType ?? 'payout') === eventType

/**
 * Subscription creation is not keyed (spec 4.4: call GET /webhook before retrying). So: list first (a URL that
 * is subscribed already is refused unless --another or --replace); after an unknown outcome list again, delete
 * what this attempt created (its secret was lost with the answer) and create once more, so that the secret of
 * the subscription that stays is stored.
 */
export async function createWebhook(options: CreateWebhookOptions): Promise<CreatedWebhook> {
  const {client, url, eventType} = options
  const before = await client.v1.webhooks.list()
  const existing = before.filter(s => sameTarget(s, url, eventType))
  const deleted: string[] = []
  if (existing.length && options.replace) {
    for (const s of existing) await client.v1.webhooks.delete(s.id)
    deleted.push(...existing.map(s => s.id))
  } else if (existing.length && !options.another) {
    throw alreadySubscribed(url, existing, options.knownSecrets)
  }
  const body = {targetUrl: url, eventType, ...(options.events?.length ? {events: options.events} : {})}
  try {
    return {subscription: await client.v1.webhooks.create(body), deleted}
  } catch (error) {
    if (!outcomeUnknown(error)) throw error
    const seen = new Set(before.map(s => s.id))
    const orphans = (await client.v1.webhooks.list()).filter(s => !seen.has(s.id) && sameTarget(s, url, eventType))
    for (const orphan of orphans) await client.v1.webhooks.delete(orphan.id)
    options.notice(
      orphans.length
        ? `The answer to the subscription request was lost (${messageOf(error)}); the subscription it created (${orphans.map(o => o.id).join(', ')}) was deleted, since its signing secret is unknown, and a new one is created.`
        : `The subscription request got no answer (${messageOf(error)}) and created nothing; sending it again.`,
    )
    deleted.push(...orphans.map(o => o.id))
    return {subscription: await client.v1.webhooks.create(body), deleted}
  }
}

function alreadySubscribed(url: string, existing: WebhookSubscription[], knownSecrets: ReadonlySet<string>) {
  const ids = existing.map(s => s.id).join(', ')
  const secretLost = existing.some(s => !knownSecrets.has(s.id))
  return conflictError(
    `${url} has a subscription already (${ids})${secretLost ? '; its signing secret is not stored in this profile (an earlier attempt may have lost the answer)' : ''}`,
    ['--replace deletes it and creates a new one (its secret is then stored)', '--another adds a second subscription'],
  )
}
