import * as z from 'zod/mini'

/**
 * The error body of both generations (DESIGN.md, "Decisions for what the spec leaves open"):
 * `{"error": {code, message, data?, index?, details?}}`, and the codes with the HTTP status each comes with.
 * Clients classify by status and code; the message is for people. The list is open: a new code is not breaking.
 */

export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  INSUFFICIENT_SCOPE: 403,
  SANDBOX_ONLY: 403,
  NOT_FOUND: 404,
  PAYOUT_NOT_FOUND: 404,
  INVALID_STATE: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  VERIFICATION_REQUIRED: 409,
  INSUFFICIENT_BALANCE: 422,
  ALLOWANCE_EXCEEDED: 422,
  RATE_LIMITED: 429,
} as const
export type ErrorCode = keyof typeof ERROR_STATUS

/**
 * What any operation may answer from the service's HTTP layer rather than from the operation itself: a body too
 * large or of a type it does not read, too many requests, and the service or a gateway failing. The emulator's
 * own failure answers 500, and its injected faults (`POST /_emulator/faults`) answer these codes for these
 * statuses (any other status as `HTTP_<status>`). 429 and 503 carry `Retry-After`.
 */
export const HTTP_LAYER_ERRORS = {
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  500: 'INTERNAL_ERROR',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
  504: 'GATEWAY_TIMEOUT',
} as const
/** The statuses whose answers carry `Retry-After`. */
export const RETRY_AFTER_STATUSES: readonly number[] = [429, 503]

export interface ErrorDetail {
  path: string
  message: string
}

export interface ErrorBody {
  error: {code: string; message: string; data?: unknown; index?: number; details?: ErrorDetail[]}
}

/** The envelope, loose like every response (unknown fields kept, any code accepted). */
export const errorEnvelopeSchema = z.looseObject({
  error: z.looseObject({
    code: z.string(),
    message: z.string(),
    data: z.optional(z.unknown()),
    index: z.optional(z.number()),
    details: z.optional(z.array(z.looseObject({path: z.string(), message: z.string()}))),
  }),
})
