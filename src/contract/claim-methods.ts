/**
 * The payout methods a recipient claims with (spec section 1) and the details each takes (DESIGN.md, the claim
 * control route): what the claim form asks, `claimBody` checks and `payctl emulator claim` sends.
 */

export const CLAIM_FIELDS = {
  'bank-iban': ['accountHolderName', 'iban'],
  'bank-swift': ['accountHolderName', 'bic', 'accountNumber'],
  'bank-ach': ['accountHolderName', 'routingNumber', 'accountNumber'],
  'bank-wire': ['accountHolderName', 'routingNumber', 'accountNumber'],
  'bank-uk': ['accountHolderName', 'sortCode', 'accountNumber'],
  paypal: ['email'],
  venmo: ['phone'],
  crypto: ['address'],
} as const satisfies Record<string, readonly string[]>
export type ClaimMethod = keyof typeof CLAIM_FIELDS
export const isClaimMethod = (method: string): method is ClaimMethod => Object.hasOwn(CLAIM_FIELDS, method)
export const CLAIM_METHODS: readonly ClaimMethod[] = Object.keys(CLAIM_FIELDS).filter(isClaimMethod)
