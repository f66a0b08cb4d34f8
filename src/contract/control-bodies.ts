import * as z from 'zod/mini'
import {sentence} from './problem-wording.js'
import {bodyTypeError, text as checkedText, choice, flag, integerIn, textList, uuid} from './requests/request-fields.js'
import {API_SCOPES} from './scopes.js'

/** The bodies of the local emulator's control routes (`/_emulator/*`, docs/emulator.md), loose like every answer. */

const text = z.string()

export const controlDeliverySchema = z.looseObject({
  id: z.string(),
  subscriptionId: z.string(),
  url: text,
  event: text,
  version: z.optional(z.number()),
  attempt: z.number(),
  responseStatus: z.nullable(z.number()),
  error: z.optional(text),
  scheduledAt: text,
  sentAt: z.nullable(text),
  body: z.unknown(),
})
export type ControlDelivery = z.infer<typeof controlDeliverySchema>

export const faultSchema = z.looseObject({
  id: z.number(),
  method: text,
  path: text,
  remaining: z.number(),
  action: text,
  status: z.optional(z.number()),
  delayMs: z.optional(z.number()),
  code: z.optional(z.string()),
  message: z.optional(z.string()),
  retryAfter: z.optional(z.string()),
})
export type Fault = z.infer<typeof faultSchema>

export const FAULT_ACTIONS = ['status', 'delay', 'drop', 'drop-after-commit', 'status-after-commit'] as const
export type FaultAction = (typeof FAULT_ACTIONS)[number]

/** `POST /_emulator/faults`: unknown fields refused (the emulator's own route, not the service's). */
export const faultInputBody = z
  .strictObject(
    {
      method: checkedText({pattern: /^(\*|[A-Za-z]+)$/, patternMessage: 'must be an HTTP method or *'}),
      path: checkedText({pattern: /^\//, patternMessage: 'must start with /'}),
      count: z.optional(integerIn(1, 1_000_000)),
      action: choice(FAULT_ACTIONS),
      status: z.optional(integerIn(100, 599)),
      delayMs: z.optional(integerIn(0, 600_000)),
      /** A status fault's error code, message and Retry-After header (seconds or an HTTP date). */
      code: z.optional(checkedText({pattern: /^[A-Za-z0-9_.-]{1,64}$/})),
      message: z.optional(checkedText({text: true, max: 500})),
      retryAfter: z.optional(
        z.union([integerIn(0, 99_999_999_999), checkedText({pattern: /^[A-Za-z0-9 ,:.-]{1,64}$/})]),
      ),
    },
    {
      error: issue =>
        issue.input === undefined ? sentence(issue, 'a JSON object body is required') : 'must be an object',
    },
  )
  .check(
    z.superRefine((fault, ctx) => {
      if ((fault.action === 'status' || fault.action === 'status-after-commit') && fault.status === undefined)
        ctx.addIssue({
          code: 'custom',
          message: `is required for action ${fault.action}`,
          path: ['status'],
          input: undefined,
        })
      if (fault.action === 'delay' && fault.delayMs === undefined)
        ctx.addIssue({code: 'custom', message: 'is required for action delay', path: ['delayMs'], input: undefined})
    }),
  )
export type FaultInput = z.input<typeof faultInputBody>

/** A control route's body: unknown fields refused (the emulator's own route, not the service's). */
const controlBody = <Shape extends z.core.$ZodLooseShape>(shape: Shape) =>
  z.strictObject(shape, {
    error: bodyTypeError,
  })

const SECONDS = 'must be a number of seconds, 0 or more'

/** `POST /_emulator/clock`: how far to move the clock (its headroom is the emulator's to check). */
export const advanceClockBody = controlBody({
  advanceSeconds: z.number({error: SECONDS}).check(z.gte(0, SECONDS)),
})

/** `POST /_emulator/keys/revoke`. */
export const revokeKeyBody = controlBody({key: checkedText({max: 200})})

/** `POST /_emulator/teams`: a team, its wallet and one key with `scopes` (default: all but payouts:approve). */
export const createTeamBody = controlBody({
  name: checkedText({max: 200}),
  scopes: z.optional(textList({oneOf: API_SCOPES}, {max: 50})),
  wallet: z.optional(flag),
  whiteLabel: z.optional(flag),
})

/** A control body whose unknown fields are ignored, like the service's (spec: further fields not shown). */
const lenientControlBody = <Shape extends z.core.$ZodLooseShape>(shape: Shape) =>
  z.object(shape, {
    error: bodyTypeError,
  })

/** `POST /_emulator/teams/{id}/white-label`. */
export const whiteLabelBody = lenientControlBody({enabled: flag})

/** `POST /_emulator/variance`: variance mode on or off, with an optional seed. */
export const varianceBody = lenientControlBody({enabled: flag, seed: z.optional(checkedText({max: 100}))})

/** `POST /_emulator/oauth/clients`: an admin-provisioned OAuth client; `scopes` are those the server grants. */
export const oauthClientBody = (scopes: readonly string[]) =>
  controlBody({
    name: z.optional(checkedText({max: 200})),
    redirectUris: textList({}, {min: 1, max: 10}),
    scopes: z.optional(textList({oneOf: scopes}, {min: 1, max: 50})),
    confidential: z.optional(flag),
    teamId: z.optional(uuid),
  })

export const clockSchema = z.looseObject({now: text, offsetSeconds: z.number(), expired: z.optional(z.number())})
export type ClockState = z.infer<typeof clockSchema>

export const payoutAnswerSchema = z.looseObject({id: z.string(), status: text})

export const resetSchema = z.looseObject({reset: z.literal(true), teamId: text})

export const faultAnswerSchema = z.looseObject({fault: faultSchema})
export const faultListSchema = z.looseObject({data: z.array(faultSchema)})
export const deliveryListSchema = z.looseObject({data: z.array(controlDeliverySchema)})

/** One request the emulator answered (`GET /_emulator/requests`): `status` null when no answer was sent. */
export const controlRequestSchema = z.looseObject({
  seq: z.number(),
  at: text,
  method: text,
  path: text,
  status: z.nullable(z.number()),
  ms: z.number(),
  requestId: text,
})
export type ControlRequest = z.infer<typeof controlRequestSchema>
export const requestListSchema = z.looseObject({data: z.array(controlRequestSchema)})
