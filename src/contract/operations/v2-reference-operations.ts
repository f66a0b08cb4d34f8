import {group} from '../operation-types.js'
import {listOf} from '../responses/answer-fields.js'
import {countrySchema, paymentMethodTypeSchema} from '../responses/reference-answers.js'

/** The v2 reference lists: countries and payment-method types. */

export const countryList = listOf(countrySchema)

export const paymentMethodTypeList = listOf(paymentMethodTypeSchema)

export const v2ReferenceOperations = group({tag: 'v2 reference'}, [
  {
    operationId: 'listCountries',
    method: 'get',
    path: '/api/v2/countries',
    summary: 'Supported countries with the tax fields per identity type.',
    decision: 'The path and the answer.',
    success: {status: 200, description: 'The countries.', schema: countryList},
  },
  {
    operationId: 'listPaymentMethodTypes',
    method: 'get',
    path: '/api/v2/payment-method-types',
    summary: 'Payment methods with their currencies and assets.',
    decision: 'The path and the answer.',
    success: {status: 200, description: 'The payment-method types.', schema: paymentMethodTypeList},
  },
])
