/** Request values the spec closes, without zod (flag definitions load them for --help). */

/** The `GET /transactions` filters `type` and `status` (spec 4.5b). */
export const TRANSACTION_TYPES = ['deposit', 'payout'] as const
export const TRANSACTION_STATUSES = ['pending', 'completed', 'failed'] as const

/** A counterparty's `identity.type` (spec 4.4b). */
export const IDENTITY_TYPES = ['individual', 'business'] as const
