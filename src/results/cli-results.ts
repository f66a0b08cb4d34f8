import * as z from 'zod/mini'
import {controlPayoutSchema, controlRequestSchema} from '../contract/control-bodies.js'
import {oneOrMany} from './api-results.js'

/*
 * Results payctl makes itself (profiles, checks, summaries), and the API documents only these commands print. Loose
 * objects: a field added later does not break a reader of an older schema. No result carries a secret the command
 * did not print before.
 */

const text = z.string()
const optionalText = z.optional(z.string())
const nullableText = z.nullable(z.string())

const profileSettings = z.looseObject({name: text, environment: text, origin: text})

const apiKeyLogin = z.looseObject({profile: text, teamId: text, teamName: z.optional(nullableText)})
const oauthLogin = z.looseObject({profile: text, teamId: optionalText, email: optionalText})

const doctorCheck = z.looseObject({
  name: text,
  status: z.enum(['pass', 'warn', 'fail']),
  detail: text,
  fix: optionalText,
})

const deliveryAttempt = z.looseObject({
  sentAt: text,
  event: text,
  url: text,
  attempt: z.number(),
  responseStatus: z.nullable(z.number()),
  outcome: text,
  subscriptionId: text,
  deliveryId: text,
})

/** How a long-running command ended: a signal, or stdout closing under it. */
const stopped = z.string()

export const CLI_RESULTS = {
  /**
   * `api`: the body as the service answered it (any JSON, or text). With --paginate, the items of every page, an item
   * stream printed one JSON line an item as they come.
   */
  apiAnswer: () => z.unknown(),
  apiKeyOrOAuthLogin: () => z.union([apiKeyLogin, oauthLogin]),
  logout: () => z.looseObject({profile: text, removed: z.boolean(), revoked: z.boolean()}),
  authStatus: () =>
    z.looseObject({
      profile: text,
      selectedBy: text,
      environment: text,
      origin: text,
      source: text,
      valid: z.boolean(),
      teamId: optionalText,
      refusal: z.optional(z.nullable(z.looseObject({code: text, message: text}))),
    }),
  /** `auth token`: the one result that is a secret, printed on purpose. */
  token: () => z.looseObject({token: text, expiresAt: nullableText}),
  version: () => z.looseObject({name: text, version: text, platform: text, arch: text, runtime: text}),
  doctor: () => z.looseObject({ok: z.boolean(), checks: z.array(doctorCheck)}),
  claimed: () => oneOrMany(controlPayoutSchema),
  deliveryAttempts: () => z.array(deliveryAttempt),
  /** `emulator requests`: the requests the emulator answered, oldest first. */
  emulatorRequests: () => z.array(controlRequestSchema),
  /** `emulator start`, once stopped: where it listened and how it ended (the keys are in the start line only). */
  emulatorRun: () => z.looseObject({url: text, port: z.number(), dataFile: text, stopped}),
  triggered: () =>
    z.looseObject({event: text, payoutId: text, status: text, steps: z.array(text), expected: z.array(text)}),
  /** `mcp`, once the client went away: what it offered and how many tool calls it answered. */
  mcpRun: () => z.looseObject({profile: text, groups: z.array(text), tools: z.number(), calls: z.number()}),
  profileSettings: () => profileSettings,
  profiles: () =>
    z.array(z.looseObject({name: text, active: z.boolean(), environment: text, origin: text, credentials: text})),
  profileRemoved: () => z.looseObject({removed: text}),
  profileShown: () =>
    z.looseObject({
      name: text,
      environment: text,
      origin: text,
      selectedBy: text,
      credentials: text,
      webhookSecrets: z.number(),
    }),
  activeProfile: () => z.looseObject({active: text}),
  webhookDeleted: () => z.looseObject({id: text, deleted: z.literal(true)}),
  /** `webhooks listen`: once stopped, what it received; with --print-secret, the secret it printed. */
  webhookListen: () =>
    z.union([
      z.looseObject({
        url: text,
        received: z.number(),
        verified: z.number(),
        forwarded: z.number(),
        stopped,
      }),
      z.looseObject({secret: text}),
    ]),
  testDelivery: () =>
    z.looseObject({
      url: text,
      expected: z.enum(['accepted', 'rejected']),
      ok: z.boolean(),
      status: z.number(),
      message: text,
    }),
  signatureCheck: () =>
    z.looseObject({verified: z.boolean(), reason: optionalText, message: text, hints: z.array(text)}),
} satisfies Record<string, () => z.ZodMiniType>
