import * as z from 'zod/mini'
import {KNOWN_NOTIFICATIONS, KNOWN_PAYOUT_TYPES} from '../open-enums.js'
import {
  amount,
  amountFitsCurrency,
  body,
  boundedInteger,
  choice,
  currency,
  customId,
  deprecated,
  email,
  flag,
  freeText,
  phone,
  tags,
  text,
} from './request-fields.js'

/** v1 `POST /payout` (spec 4.1): an upsert on `customId`. */
export const createPayoutV1Body = body({
  description: freeText(1000),
  payoutAmount: amount,
  currency,
  customId: z.optional(customId),
  creatorHandle: z.optional(text({max: 255})),
  verificationMethod: z.optional(text({max: 100})),
  /** Deprecated name of verificationMethod (spec 9); the service refuses the two when they differ. */
  handleType: z.optional(
    deprecated(text({max: 100}), '`verificationMethod`; the service refuses the two when they differ'),
  ),
  preApproved: z.optional(flag),
  payoutType: z.optional(text({oneOf: KNOWN_PAYOUT_TYPES})),
  email: z.optional(email),
  phone: z.optional(phone),
  tags: z.optional(tags),
  notifications: z.optional(text({oneOf: KNOWN_NOTIFICATIONS})),
}).check(amountFitsCurrency('payoutAmount'))
export type CreatePayoutV1 = z.input<typeof createPayoutV1Body>

/** The page of v1 `GET /payouts` (spec 4.1, 8): offset 0 to 2^53-1, page size 1 to 100. */
export const V1_PAGE = {maxOffset: Number.MAX_SAFE_INTEGER, maxLimit: 100, defaultLimit: 50} as const

/** v1 `GET /payouts` query (its parameter names are the emulator's reading: spec "not shown"). */
export const listPayoutsV1Query = z.object({
  offset: z._default(boundedInteger(0, V1_PAGE.maxOffset), 0),
  limit: z._default(boundedInteger(1, V1_PAGE.maxLimit), V1_PAGE.defaultLimit),
  order_by: z._default(choice(['created_at']), 'created_at'),
  order_direction: z._default(choice(['asc', 'desc']), 'desc'),
})
export type ListPayoutsV1 = z.input<typeof listPayoutsV1Query>
