import * as z from 'zod/mini'
import {UUID} from '../primitives.js'
import {body, booleanField, choice, deprecated, email, httpUrl, text, textList} from './request-fields.js'

/** v1 hosted sessions (spec 4.2): every body has `redirectUrl` and an optional `branding`. */

/** `talentir` is the service's own branding, the default. */
export const BRANDINGS = ['talentir', 'team', 'platform'] as const
export type Branding = (typeof BRANDINGS)[number]

const common = {redirectUrl: httpUrl, branding: z.optional(choice(BRANDINGS))}

export const payoutSessionBody = body({
  ...common,
  payoutId: text({pattern: UUID, patternMessage: 'must be a UUID'}),
  /** Deprecated, accepted and ignored (spec 9). */
  whitelabel: z.optional(deprecated(booleanField(), '`branding: team`; accepted and ignored')),
})
export type PayoutSession = z.input<typeof payoutSessionBody>

export const approvalSessionBody = body({
  ...common,
  payoutIds: textList({pattern: UUID, patternMessage: 'must be a UUID'}, {min: 1, max: 100}),
  loginHint: z.optional(email),
})
export type ApprovalSession = z.input<typeof approvalSessionBody>

export const kybSessionBody = body({...common, loginHint: z.optional(email)})
export type KybSession = z.input<typeof kybSessionBody>

export const allowanceSessionBody = body({...common, loginHint: z.optional(email)})
export type AllowanceSession = z.input<typeof allowanceSessionBody>

export const SESSION_BODIES = {
  payout: payoutSessionBody,
  approval: approvalSessionBody,
  kyb: kybSessionBody,
  allowance: allowanceSessionBody,
} as const
export type SessionKind = keyof typeof SESSION_BODIES
