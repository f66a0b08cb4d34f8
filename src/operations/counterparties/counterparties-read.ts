import {clientRead} from '../operation.js'
import {namedCounterpartyCall} from './named-counterparty.js'

/** `counterparties get`: one counterparty, by id or customId. */
export const counterpartiesGet = namedCounterpartyCall({
  id: 'counterparties:get',
  summary: 'Show one counterparty.',
  result: 'counterparty',
  call: (client, id) => client.v2.counterparties.get(id),
})

/** `counterparties countries`: the supported countries and the tax fields each needs, as the service says today. */
export const counterpartiesCountries = clientRead({
  id: 'counterparties:countries',
  summary: 'List supported countries and the tax fields each needs.',
  result: 'countries',
  read: client => client.v2.counterparties.countries(),
})

/** `counterparties payment-method-types`: the payment-method types with their currencies and assets. */
export const counterpartiesPaymentMethodTypes = clientRead({
  id: 'counterparties:payment-method-types',
  summary: 'List payment-method types with their currencies and assets.',
  result: 'paymentMethodTypes',
  read: client => client.v2.counterparties.paymentMethodTypes(),
})
