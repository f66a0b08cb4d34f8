import * as z from 'zod/mini'
import {V2_EVENTS} from '../lifecycle.js'
import {known, text, timestamp} from './answer-fields.js'
import {payoutV1Schema, payoutV2Schema} from './payout-answers.js'

/** Webhook subscriptions and the payout events they deliver (spec 6). */

export const webhookSubscriptionSchema = z.looseObject({
  id: z.string(),
  targetUrl: text,
  eventType: text,
  createdAt: timestamp,
  signingSecret: text,
})
export type WebhookSubscription = z.infer<typeof webhookSubscriptionSchema>

/** A v1 webhook delivery (spec 6.3): the payout as `GET /payout/{id}` answers it, with a line a person can read. */
export const payoutEventV1Schema = z.extend(payoutV1Schema, {message: text})

/** A v2 settlement event (spec 6.2): `payout.completed` or `payout.failed` with the v2 payout. */
export const payoutEventV2Schema = z.looseObject({
  object: text,
  id: z.string(),
  type: known(V2_EVENTS),
  createdAt: timestamp,
  data: payoutV2Schema,
})
