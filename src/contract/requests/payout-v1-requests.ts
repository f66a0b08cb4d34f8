import * as z from 'zod/mini'
import {KNOWN_NOTIFICATIONS, KNOWN_PAYOUT_TYPES} from '../open-enums.js'
import {
  amount,
  amountFitsCurrency,
  body,
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
