import {randomUUID} from 'node:crypto'
import type {Clock} from '../../domain/clock.js'
import type {Environment} from '../../domain/environment.js'
import {invalidField, notFound} from '../../http/api-failure.js'
import type {OperationHandlers} from '../../http/operation-route.js'
import {ok} from '../../http/request-context.js'
import type {Store} from '../../store/index.js'
import type {SubscriptionRow} from '../../store/row-types.js'
import {newSigningSecret} from '../../webhooks/delivery-signature.js'

/**
 * v1 webhook subscriptions (DESIGN): the signing secret is shown once, in the create answer. A subscription
 * gets the v1 payout of every lifecycle change; `events` (optional) names the v2 events it also wants
 * (`payout.completed`, `payout.failed`; a name the emulator does not emit is kept and never fires).
 */

function view(row: SubscriptionRow): Record<string, unknown> {
  const body: Record<string, unknown> = {
    id: row.id,
    targetUrl: row.target_url,
    eventType: row.event_type,
    createdAt: row.created_at,
  }
  if (row.events) body.events = JSON.parse(row.events)
  return body
}

export function v1WebhookRoutes({
  clock,
  store,
  environment,
}: {
  clock: Clock
  store: Store
  environment: Environment
}): OperationHandlers {
  return {
    createWebhook: ({principal, body}) => {
      const {targetUrl, eventType = 'payout', environment: named, events} = body
      // The real clients name the environment they mean; a webhook fires only where it was created (spec 5).
      if (named !== undefined && named !== environment)
        throw invalidField(
          'environment',
          `is ${named}, but this origin is the ${environment}: create it at the ${named} origin`,
        )
      const row: SubscriptionRow = {
        id: randomUUID(),
        team_id: principal.teamId,
        target_url: targetUrl,
        event_type: eventType,
        secret: newSigningSecret(),
        created_at: clock.iso(),
        events: events?.length ? JSON.stringify([...new Set(events)]) : null,
      }
      store.webhooks.insertSubscription(row)
      return ok({...view(row), signingSecret: row.secret})
    },
    listWebhooks: ({principal}) => ok(store.webhooks.subscriptions(principal.teamId).map(view)),
    deleteWebhook: ({principal, params}) => {
      const row = store.webhooks.subscription(params.id)
      if (!row || row.team_id !== principal.teamId) throw notFound(`no webhook subscription ${params.id}`)
      store.webhooks.deleteSubscription(row.id)
      return ok({...view(row), deleted: true})
    },
  }
}
