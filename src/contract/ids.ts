import {usageError} from '../shared/errors.js'
import {present} from '../shared/present.js'
import {isUuid} from './primitives.js'
import {checkRequest} from './request-problems.js'
import {pathId} from './requests/query-fields.js'

/** A payout in both generations: the v1 UUID and the v2 id (`payout_` + the same UUID). */
export interface PayoutRef {
  v1: string
  v2: string
}

const PAYOUT_PREFIX = 'payout_'

/** Whether `id` is written in the v2 form (`payout_…`), well formed or not. */
export const hasPayoutPrefix = (id: string): boolean => id.startsWith(PAYOUT_PREFIX)

/** What follows `payout_` in a v2 id (the UUID when well formed); any other input unchanged. */
export const payoutIdBody = (id: string): string => (hasPayoutPrefix(id) ? id.slice(PAYOUT_PREFIX.length) : id)

/** The v2 id of a payout's UUID. */
export const v2PayoutIdOf = (uuid: string): string => `${PAYOUT_PREFIX}${uuid}`

/** Both forms of a v1 UUID or a v2 `payout_…` id, in any case (`PAYOUT_0B7E…`); undefined for anything else. */
export function payoutRefOf(input: string): PayoutRef | undefined {
  const uuid = payoutIdBody(input.trim().toLowerCase())
  if (!isUuid(uuid)) return undefined
  return {v1: uuid.toLowerCase(), v2: v2PayoutIdOf(uuid.toLowerCase())}
}

/** Why `input` is not a payout id, or undefined when it is one. */
export const payoutIdProblem = (input: string): string | undefined =>
  payoutRefOf(input) ? undefined : `"${input}" is not a payout id (a UUID or payout_<UUID>)`

/** Accepts a v1 UUID or a v2 `payout_…` id; anything else is a usage error naming the value. */
export function parsePayoutId(input: string): PayoutRef {
  const ref = payoutRefOf(input)
  if (ref) return ref
  throw usageError(present(payoutIdProblem(input)), ['pass your own key with --custom-id instead'])
}

/**
 * A `--custom-id` as the paths take it (`pathId`: 1 to 255 characters, no control characters; blank counts as
 * empty); anything else is a usage error naming the problem, before anything is sent.
 */
export function customIdArgument(value: string): string {
  const checked = checkRequest(pathId, value.trim() ? value : '')
  if (!checked.ok) throw usageError(`--custom-id ${checked.details[0].message}`)
  return value
}

/** 32+ hex digits as a version-8 UUID (RFC 9562 custom): derived idempotency keys look as the spec recommends. */
export function uuidFromHex(hex: string): string {
  const variant = ((Number.parseInt(hex[16], 16) & 0x3) | 0x8).toString(16)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}
