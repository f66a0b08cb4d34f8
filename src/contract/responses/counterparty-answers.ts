import * as z from 'zod/mini'
import {flag, strings, text, timestamp} from './answer-fields.js'

/** Counterparties: recipients paid directly (spec 2, v2). */

export const addressSchema = z.looseObject({
  line1: text,
  line2: text,
  city: text,
  state: text,
  postalCode: text,
  country: text,
})

export const taxIdentitySchema = z.looseObject({
  taxId: text,
  vatNumber: text,
  dateOfBirth: text,
  birthPlaceCity: text,
  birthPlaceCountry: text,
  registrationNumber: text,
})

export const counterpartySchema = z.looseObject({
  object: text,
  id: z.string(),
  customId: text,
  identity: z.optional(z.looseObject({type: text, firstName: text, lastName: text})),
  email: text,
  address: z.optional(addressSchema),
  paymentMethod: z.optional(z.looseObject({type: text, iban: text, currency: text})),
  taxIdentity: z.optional(taxIdentitySchema),
  recipientManaged: flag,
  missing: strings,
  createdAt: timestamp,
  updatedAt: timestamp,
})
export type Counterparty = z.infer<typeof counterpartySchema>
