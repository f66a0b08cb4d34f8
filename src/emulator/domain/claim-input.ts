import {EMAIL, ibanIsValid, PAYMENT_DETAIL_FORMATS, PHONE} from '../../contract/primitives.js'
import type {PaymentMethodRecord} from '../store/row-types.js'
import {Checker, type Json} from './input-checker.js'
import {CLAIM_METHODS} from './reference-data.js'

/**
 * A recipient's claim: the payout method and its details (spec section 1's methods), validated the same
 * way for the claim page (`hosted/claim-page.ts`) and `POST /_emulator/payouts/{id}/claim`. Problems are a
 * VALIDATION_ERROR with paths `method` and `details.<field>`.
 */

const DETAIL_RULES: Record<string, {pattern: RegExp; message: string}> = {
  ...PAYMENT_DETAIL_FORMATS,
  sortCode: {pattern: /^\d{2}-?\d{2}-?\d{2}$/, message: 'must be six digits, like 12-34-56'},
  email: {pattern: EMAIL, message: 'must be an e-mail address'},
  phone: {pattern: PHONE, message: 'must be a phone number like +15555550123'},
}

/** Validates `{method, details}` of a claim and builds the payment-method record (`taxResidence`: `dac7-step.ts`). */
export function claimRecord(body: unknown, currency: string): PaymentMethodRecord {
  const check = new Checker()
  const input = check.strictObject(body, '', ['method', 'details', 'taxResidence'])
  check.throwIfAny()
  const method = check.string(input as Json, 'method', {required: true, oneOf: Object.keys(CLAIM_METHODS)})
  check.throwIfAny()
  const fields = CLAIM_METHODS[method!]
  const details = check.strictObject((input as Json).details, 'details', fields) ?? {}
  const sub = new Checker('details')
  for (const field of fields) {
    const value = sub.string(details, field, {required: true, max: 200})
    const rule = DETAIL_RULES[field]
    if (value && rule && !rule.pattern.test(value)) sub.fail(`details.${field}`, rule.message)
    if (value && field === 'iban' && !ibanIsValid(value)) sub.fail('details.iban', 'is not a valid IBAN')
  }
  check.details.push(...sub.details)
  check.throwIfAny()
  const type = method!.replace('-', '_')
  return {
    method: method!,
    details: Object.fromEntries(fields.map(field => [field, String(details[field])])),
    type,
    currency,
    asset: type === 'crypto' ? (currency === 'EUR' ? 'EURC' : 'USDC') : undefined,
  }
}
