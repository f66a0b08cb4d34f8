import type {PayoutV2} from '../../client/schemas.js'

/** `payouts list --since-state`: a payout changed when its status or its `updatedAt` did. */
export const payoutFingerprint = (payout: PayoutV2): string => `${payout.status ?? ''}|${payout.updatedAt ?? ''}`

/**
 * `payouts changes`: a payout's status together with the times it entered its lifecycle steps. Failing,
 * being paid again and failing again leaves the status `failed` but moves `requestedAt`, so it is a change;
 * an edit of a `created` payout or a re-sent claim link is not.
 */
export const statusKey = (payout: PayoutV2): string =>
  [payout.status, payout.approvedAt, payout.requestedAt, payout.completedAt].map(part => part ?? '').join('|')

/** The status part of a recorded key. */
export const statusOfKey = (key: string | undefined): string | undefined => key?.split('|')[0]
