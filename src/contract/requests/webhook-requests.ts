import * as z from 'zod/mini'
import {EVENT_NAME} from '../primitives.js'
import {body, httpUrl, text, textList} from './request-fields.js'

export {EVENT_NAME} from '../primitives.js'

/**
 * v1 `POST /webhook` (spec 4.4: bodies "not shown"; these fields are the real clients' and DESIGN.md's reading).
 * `environment`, when given, must be the origin's own: a webhook fires only where it was created (spec 6).
 */
export const createWebhookBody = body({
  targetUrl: httpUrl,
  eventType: z.optional(text({oneOf: ['payout']})),
  environment: z.optional(text()),
  events: z.optional(
    textList({max: 100, pattern: EVENT_NAME, patternMessage: 'must be an event name like payout.completed'}, {max: 20}),
  ),
})
export type CreateWebhook = z.input<typeof createWebhookBody>
