/**
 * Request values the spec closes, without zod (flag definitions load them for --help). The transaction filters'
 * values are lifecycle.ts's TRANSACTION_TYPES and TRANSACTION_STATUSES.
 */

/** A counterparty's `identity.type` (spec 4.4b). */
export const IDENTITY_TYPES = ['individual', 'business'] as const
