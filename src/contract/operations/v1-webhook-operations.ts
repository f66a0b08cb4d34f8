import * as z from 'zod/mini'
import {group, type PathParameter} from '../operation-types.js'
import {pathId} from '../requests/query-fields.js'
import {webhookSubscriptionSchema} from '../responses/webhook-answers.js'
import {Scope} from '../scopes.js'

/** The v1 webhook subscriptions (spec 6). */

export const webhookList = z.array(webhookSubscriptionSchema)

const webhookId: PathParameter = {name: 'id', description: 'The subscription id.', schema: pathId}

export const v1WebhookOperations = group(
  {tag: 'v1 webhooks', read: [Scope.webhooksWrite], write: [Scope.webhooksWrite]},
  [
    {
      operationId: 'createWebhook',
      method: 'post',
      path: '/api/v1/webhook',
      summary: 'Subscribe a URL to payout events. Not keyed: list the subscriptions before retrying.',
      decision: 'The request and answer bodies; `signingSecret` is in this answer only.',
      body: {schemas: ['createWebhookBody']},
      success: {
        status: 200,
        description: 'The subscription with its signing secret.',
        schema: webhookSubscriptionSchema,
      },
    },
    {
      operationId: 'listWebhooks',
      method: 'get',
      path: '/api/v1/webhook',
      summary: "The team's subscriptions, without secrets.",
      decision: 'The answer body.',
      success: {status: 200, description: 'The subscriptions.', schema: webhookList},
    },
    {
      operationId: 'deleteWebhook',
      method: 'delete',
      path: '/api/v1/webhook/{id}',
      summary: 'Remove a subscription.',
      decision: 'The answer body (the subscription with `deleted: true`) and 404 for an unknown id.',
      pathParameters: [webhookId],
      success: {status: 200, description: 'The removed subscription.', schema: webhookSubscriptionSchema},
      errors: ['NOT_FOUND'],
    },
  ],
)
