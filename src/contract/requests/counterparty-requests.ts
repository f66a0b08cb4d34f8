import * as z from 'zod/mini'
import {IDENTITY_TYPES} from '../closed-enums.js'
import {COUNTRY_CODE} from '../formats.js'
import {IBAN, PAYMENT_DETAIL_FORMATS} from '../primitives.js'
import {body, calendarDate, choice, currency, customId, email, freeText, nested, text} from './request-fields.js'

/**
 * v2 `POST /counterparties` and `PATCH /counterparties/{id}` (spec 4.4b). Which countries, payment-method types,
 * currencies and tax fields exist is the service's (GET /countries, GET /payment-method-types): the contract
 * checks the shape, the service the rules it publishes.
 */

export const identity = nested({
  type: choice(IDENTITY_TYPES),
  firstName: freeText(100),
  lastName: freeText(100),
  middleName: z.optional(freeText(100)),
  businessName: z.optional(freeText(200)),
})

const countryCode = text({pattern: COUNTRY_CODE, patternMessage: 'must be a two-letter country code like DE'})

export const address = nested({
  line1: freeText(200),
  line2: z.optional(freeText(200, 0)),
  city: freeText(100),
  state: z.optional(freeText(100, 0)),
  postalCode: text({max: 20}),
  country: countryCode,
})

const detail = (field: keyof typeof PAYMENT_DETAIL_FORMATS) =>
  z.optional(
    text({pattern: PAYMENT_DETAIL_FORMATS[field].pattern, patternMessage: PAYMENT_DETAIL_FORMATS[field].message}),
  )

/** The account details of a payment method; which of them a type uses is the service's (GET /payment-method-types). */
export const PAYMENT_DETAIL_FIELDS = [
  'iban',
  'bic',
  'sortCode',
  'accountNumber',
  'routingNumber',
  'address',
  'asset',
] as const

export const paymentMethod = nested({
  type: text(),
  currency,
  /** Its shape; the check digits are the service's to check (docs/decisions.md). */
  iban: z.optional(text({pattern: IBAN, patternMessage: 'is not a valid IBAN'})),
  bic: detail('bic'),
  sortCode: detail('sortCode'),
  accountNumber: detail('accountNumber'),
  routingNumber: detail('routingNumber'),
  address: detail('address'),
  asset: z.optional(text()),
  accountHolderName: z.optional(freeText(200)),
})

export const TAX_FIELDS = [
  'taxId',
  'vatNumber',
  'dateOfBirth',
  'birthPlaceCity',
  'birthPlaceCountry',
  'registrationNumber',
] as const

/** The tax fields' forms; which a country requires, and their patterns there, are the service's (GET /countries). */
export const taxIdentity = nested({
  taxId: z.optional(text({max: 100})),
  vatNumber: z.optional(text({max: 100})),
  dateOfBirth: z.optional(calendarDate),
  birthPlaceCity: z.optional(text({max: 100})),
  birthPlaceCountry: z.optional(countryCode),
  registrationNumber: z.optional(text({max: 100})),
})

export const createCounterpartyBody = body({
  customId: z.optional(customId),
  identity,
  email: z.optional(email),
  address,
  paymentMethod: z.optional(paymentMethod),
  taxIdentity: z.optional(taxIdentity),
})
export type CreateCounterparty = z.input<typeof createCounterpartyBody>

/** A PATCH: omitted fields unchanged, groups replaced whole; `null` clears email, paymentMethod and taxIdentity. */
export const patchCounterpartyBody = body({
  customId: z.optional(customId),
  identity: z.optional(identity),
  email: z.optional(z.nullable(email)),
  address: z.optional(address),
  paymentMethod: z.optional(z.nullable(paymentMethod)),
  taxIdentity: z.optional(z.nullable(taxIdentity)),
})
export type PatchCounterparty = z.input<typeof patchCounterpartyBody>
