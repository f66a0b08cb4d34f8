import * as z from 'zod/mini'
import {fieldOf} from '../shared/json-object.js'
import {nonEmpty} from '../shared/non-empty.js'
import {CLAIM_FIELDS, CLAIM_METHODS, type ClaimMethod} from './claim-methods.js'
import {EMAIL, ibanIsValid, PAYMENT_DETAIL_FORMATS, PHONE} from './primitives.js'
import {TAX_FIELDS} from './requests/counterparty-requests.js'
import {bodyTypeError, strictNested, text} from './requests/request-fields.js'

/**
 * A recipient's claim, as the emulator's claim page and `POST /_emulator/payouts/{id}/claim` take it
 * (DESIGN.md): the payout method of spec section 1 and its details, and the tax residence the DAC7 step asks
 * for. Each detail is required and no other is taken.
 */

const FORMATS: Readonly<Record<string, {pattern: RegExp; message: string}>> = {
  ...PAYMENT_DETAIL_FORMATS,
  sortCode: {pattern: /^\d{2}-?\d{2}-?\d{2}$/, message: 'must be six digits, like 12-34-56'},
  email: {pattern: EMAIL, message: 'must be an e-mail address'},
  phone: {pattern: PHONE, message: 'must be a phone number like +15555550123'},
}

/** One detail: up to 200 characters, in its format; an IBAN's check digits must match. */
function detail(name: string) {
  const format = FORMATS[name]
  if (name === 'iban') return text({max: 200}).check(z.refine(ibanIsValid, 'is not a valid IBAN'))
  return text({max: 200, ...(format ? {pattern: format.pattern, patternMessage: format.message} : {})})
}

const claimOf = (method: ClaimMethod) =>
  z.strictObject(
    {
      method: z.literal(method),
      details: strictNested(Object.fromEntries(CLAIM_FIELDS[method].map(name => [name, detail(name)]))),
      /** Checked by `taxResidenceBody` when the paying team's DAC7 step is owed (the service decides). */
      taxResidence: z.optional(z.unknown()),
    },
    {error: bodyTypeError},
  )

const METHOD_RULE = `must be one of ${CLAIM_METHODS.join(', ')}`

/** `{method, details, taxResidence?}`: the details those of the method. */
export const claimBody = z.discriminatedUnion('method', nonEmpty(CLAIM_METHODS.map(claimOf)), {
  error: issue => {
    if (issue.code !== 'invalid_union') return bodyTypeError(issue)
    return fieldOf(issue.input, 'method') === undefined ? 'is required' : METHOD_RULE
  },
})
export type ClaimBody = z.output<typeof claimBody>

/** The claim's `taxResidence`: where the recipient lives and, for an EU country, the tax identity it asks for. */
export const taxResidenceBody = strictNested({
  country: text({max: 10}),
  taxIdentity: z.optional(
    strictNested(Object.fromEntries(TAX_FIELDS.map(name => [name, z.optional(text({max: 100}))]))),
  ),
})
export type TaxResidenceBody = z.output<typeof taxResidenceBody>
