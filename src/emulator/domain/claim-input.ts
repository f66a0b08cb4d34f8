import {type ClaimBody, claimBody} from '../../contract/claim-bodies.js'
import {parsedBody} from '../http/operation-route.js'
import type {PaymentMethodRecord} from '../store/row-types.js'

/**
 * A recipient's claim: the payout method and its details (spec section 1's methods), checked with the contract's
 * `claimBody` the same way for the claim page (`hosted/claim-page.ts`) and the control table's `claimPayout`
 * (whose route checks it as its row's body). Problems are a VALIDATION_ERROR with paths `method` and
 * `details.<field>`.
 */

/** A claim form's method and details, checked. */
export const checkedClaim = (input: unknown): ClaimBody => parsedBody(claimBody, input)

/** The payment-method record of a checked claim (`taxResidence`: `dac7-step.ts`). */
export function claimRecord({method, details}: ClaimBody, currency: string): PaymentMethodRecord {
  const type = method.replace('-', '_')
  return {
    method,
    details: {...details},
    type,
    currency,
    asset: type === 'crypto' ? (currency === 'EUR' ? 'EURC' : 'USDC') : undefined,
  }
}
