import * as z from 'zod/mini'
import {text} from './answer-fields.js'

/** The v2 reference lists: countries and payment-method types. */

export const countrySchema = z.looseObject({object: text, code: z.string(), name: text})
export type Country = z.infer<typeof countrySchema>

export const paymentMethodTypeSchema = z.looseObject({object: text, type: z.string()})
export type PaymentMethodType = z.infer<typeof paymentMethodTypeSchema>
