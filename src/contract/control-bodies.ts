import * as z from 'zod/mini'
import {claimBody as claimFields} from './claim-bodies.js'
import {noted} from './document-notes.js'
import {sentence} from './problem-wording.js'
import {
  bodyTypeError,
  boundedInteger,
  text as checkedText,
  choice,
  flag,
  integerIn,
  textList,
  uuid,
} from './requests/request-fields.js'
import {payoutV1Schema, payoutV2Schema} from './responses.js'
import {API_SCOPES, OFFLINE_ACCESS} from './scopes.js'

/**
 * The bodies of the local emulator's control routes (the control table, control-operations.ts, and
 * docs/emulator.md): what they take (the `…Body` exports, which the rows name) and what they answer (loose like
 * every answer).
 */

/** `claimPayout`: the claim page's form as a body; the rules JSON Schema cannot state are said in words. */
export const claimBody = noted(claimFields, {
  description:
    "A recipient's claim: the payout method and its details (spec section 1). An IBAN's check digits are verified. `taxResidence` (`{country, taxIdentity?}`) is read only when the paying team reports under DAC7 and the recipient has not given it yet (docs/emulator.md).",
})

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

/** The actions that answer a status, and so need one. */
const STATUS_ACTIONS: readonly FaultAction[] = ['status', 'status-after-commit']

/** The document's form of the rule below: an action of `actions` needs `field`. */
const needs = (actions: readonly FaultAction[], field: string) => ({
  if: {properties: {action: {enum: actions}}, required: ['action']},
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then, written into the document, never awaited
  then: {required: [field]},
})

/** A new fault (`addFault`): unknown fields refused (the emulator's own route, not the service's). */
const faultFields = z
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
      if (STATUS_ACTIONS.includes(fault.action) && fault.status === undefined)
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
export const faultInputBody = noted(faultFields, {
  allOf: [needs(STATUS_ACTIONS, 'status'), needs(['delay'], 'delayMs')],
})
export type FaultInput = z.input<typeof faultInputBody>

/** A control route's body: unknown fields refused (the emulator's own route, not the service's). */
const controlBody = <Shape extends z.core.$ZodLooseShape>(shape: Shape) =>
  z.strictObject(shape, {
    error: bodyTypeError,
  })

const SECONDS = 'must be a number of seconds, 0 or more'

/** `advanceClock`: how far to move the clock (its headroom is the emulator's to check). */
export const advanceClockBody = controlBody({
  advanceSeconds: z.number({error: SECONDS}).check(z.gte(0, SECONDS)),
})

/** `revokeKey`: the key's value. */
export const revokeKeyBody = controlBody({key: checkedText({max: 200})})

/** `createTeam`: a team, its wallet and one key with `scopes` (default: all but payouts:approve). */
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

/** `setWhiteLabel`: the team's white-label feature on or off. */
export const whiteLabelBody = lenientControlBody({enabled: flag})

/** `setVariance`: variance mode on or off, with an optional seed. */
export const varianceBody = lenientControlBody({enabled: flag, seed: z.optional(checkedText({max: 100}))})

/** The scopes an OAuth client may be granted: the API's and `offline_access` (a refresh token). */
export const OAUTH_CLIENT_SCOPES: readonly string[] = [...API_SCOPES, OFFLINE_ACCESS]

/** `createOAuthClient`: an admin-provisioned OAuth client; `scopes` are those the server grants. */
export const oauthClientBody = controlBody({
  name: z.optional(checkedText({max: 200})),
  redirectUris: textList({}, {min: 1, max: 10}),
  scopes: z.optional(textList({oneOf: OAUTH_CLIENT_SCOPES}, {min: 1, max: 50})),
  confidential: z.optional(flag),
  teamId: z.optional(uuid),
})

export const clockSchema = z.looseObject({now: text, offsetSeconds: z.number(), expired: z.optional(z.number())})
export type ClockState = z.infer<typeof clockSchema>

/** A claimed or expired payout, in the generation of the id it was named by (v2 `payout_…`, v1 a UUID). */
export const controlPayoutSchema = z.union([payoutV2Schema, payoutV1Schema])

const keySet = z.looseObject({full: text, default: z.optional(text)})
export const resetSchema = z.looseObject({
  reset: z.literal(true),
  teamId: text,
  keys: z.optional(keySet),
  otherTeam: z.optional(z.looseObject({teamId: text, keys: keySet})),
})

export const textListSchema = z.looseObject({
  data: z.array(z.looseObject({to: text, body: text, code: text, sentAt: text})),
})
export const revokedSchema = z.looseObject({revoked: z.literal(true)})
export const newTeamSchema = z.looseObject({teamId: text, key: text, scopes: z.array(text), whiteLabel: z.boolean()})
export const whiteLabelSchema = z.looseObject({teamId: text, whiteLabel: z.boolean()})
export const varianceSchema = z.looseObject({enabled: z.boolean(), seed: text})
export const oauthClientSchema = z.looseObject({
  clientId: text,
  /** Answered once, for a confidential client. */
  clientSecret: z.optional(text),
  name: text,
  redirectUris: z.array(text),
  scopes: z.array(text),
  confidential: z.boolean(),
  teamId: text,
})

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

/** `listTexts`: the messages to one phone number only. */
export const textsQuery = z.object({to: z.optional(checkedText({text: true, max: 50}))})

/** `getEmulatorIdentity` (emulator-identity.ts): who answers, and its proof for the caller's nonce. */
export const emulatorIdentitySchema = z.looseObject({
  product: z.literal('payctl-emulator'),
  pid: z.number(),
  proof: z.nullable(z.string()),
})

/** `listRequests`: only the entries numbered after `after` (a follower's last one). */
export const requestsQuery = z.object({after: z._default(boundedInteger(0, Number.MAX_SAFE_INTEGER), 0)})
