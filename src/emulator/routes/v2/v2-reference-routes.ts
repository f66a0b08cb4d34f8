import {COUNTRIES, PAYMENT_METHOD_TYPES} from '../../domain/reference-data.js'
import {ok} from '../../http/request-context.js'
import type {Route} from '../../http/router.js'

/** Reference lists (DESIGN): countries with tax-field rules, payment-method types with currencies and assets. */
export function v2ReferenceRoutes(): Route[] {
  return [
    {
      method: 'GET',
      path: '/api/v2/countries',
      access: {kind: 'credentials'},
      handler: () =>
        ok({
          object: 'list',
          data: COUNTRIES.map(country => ({object: 'country', ...country})),
          hasMore: false,
        }),
    },
    {
      method: 'GET',
      path: '/api/v2/payment-method-types',
      access: {kind: 'credentials'},
      handler: () =>
        ok({
          object: 'list',
          data: PAYMENT_METHOD_TYPES.map(method => ({
            object: 'payment_method_type',
            type: method.type,
            currencies: method.currencies,
            assets: method.assets,
            fields: method.fields,
          })),
          hasMore: false,
        }),
    },
  ]
}
