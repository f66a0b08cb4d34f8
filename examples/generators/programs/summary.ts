// What every generator's program sends and answers (./orval.ts, ./hey-api.ts, ./openapi-zod-client.ts, ./kubb.ts).

/** A v2 payout to an e-mail recipient. */
export const PAYOUT = {
  description: 'Invoice 7',
  amount: '12.50',
  currency: 'EUR',
  recipient: {type: 'email' as const, email: 'rita@example.com'},
}
/** A body naming the recipient twice (both `recipient` and `counterpartyId`): the service refuses it. */
export const BOTH_RECIPIENTS = {...PAYOUT, counterpartyId: 'counterparty_0b7d6c1e-3a52-4f0e-9d7c-5e2f8a1b4c3d'}
export const UNKNOWN_PAYOUT = 'payout_0b7d6c1e-3a52-4f0e-9d7c-5e2f8a1b4c3d'

export interface Summary {
  /** The created payout's status, read back. */
  status: string
  /** What an unknown id answers. */
  unknown: {status: number; code?: string}
  /** Whether the generator's validator refuses BOTH_RECIPIENTS before anything is sent. */
  bothRecipientsRefused: boolean
}
