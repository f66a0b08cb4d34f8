import {COUNTRIES, PAYMENT_METHOD_TYPES} from '../../domain/reference-data.js'
import type {OperationHandlers} from '../../http/operation-route.js'
import {ok} from '../../http/request-context.js'

/** Reference lists (DESIGN): countries with tax-field rules, payment-method types with currencies and assets. */
export function v2ReferenceRoutes(): OperationHandlers {
  return {
    listCountries: () =>
      ok({
        object: 'list',
        data: COUNTRIES.map(country => ({object: 'country', ...country})),
        hasMore: false,
      }),
    listPaymentMethodTypes: () =>
      ok({
        object: 'list',
        data: PAYMENT_METHOD_TYPES.map(method => ({
          object: 'payment_method_type',
          type: method.type,
          name: method.name,
          currencies: method.currencies,
          assets: method.assets,
          fields: method.fields,
        })),
        hasMore: false,
      }),
  }
}
