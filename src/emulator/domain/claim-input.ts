import {claimBody} from '../../contract/claim-bodies.js'
import {parsedBody} from '../http/operation-route.js'
import type {PaymentMethodRecord} from '../store/row-types.js'

/**
 * A recipient's claim: the payout method and its details (spec section 1's methods), checked with the contract's
 * `claimBody` the same way for the claim page (`hosted/claim-page.ts`) and `POST /_emulator/payouts/{id}/claim`.
 * Problems are a VALIDATION_ERROR with paths `method` and `details.<field>`.
 */

/** The payment-method record of a claim (`taxResidence`: `dac7-step.ts`). */
export function claimRecord(body: unknown, currency: string): PaymentMethodRecord {
  const {method, details} = parsedBody(claimBody, body)
  const type = method.replace('-', '_')
  return {
    method,
    details: {...(details as Record<string, string>)},
    type,
    currency,
    asset: type === 'crypto' ? (currency === 'EUR' ? 'EURC' : 'USDC') : undefined,
  }
}
