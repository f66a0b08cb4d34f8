import {counterpartyRefInputs} from '../inputs/counterparty-inputs.js'
import {operation} from '../operation.js'

/** `counterparties get`: one counterparty, by id or customId. */
export const counterpartiesGet = operation({
  id: 'counterparties:get',
  summary: 'Show one counterparty.',
  result: 'counterparty',
  inputs: counterpartyRefInputs,
  async run(input, context) {
    const {counterpartyRef} = await import('../../services/counterparties/counterparty-service.js')
    const id = counterpartyRef(input.id, input['custom-id'])
    return {value: await (await context.session.client()).v2.counterparties.get(id)}
  },
})

/** `counterparties countries`: the supported countries and the tax fields each needs, as the service says today. */
export const counterpartiesCountries = operation({
  id: 'counterparties:countries',
  summary: 'List supported countries and the tax fields each needs.',
  result: 'countries',
  inputs: {},
  async run(_, context) {
    return {value: await (await context.session.client()).v2.counterparties.countries()}
  },
})

/** `counterparties payment-method-types`: the payment-method types with their currencies and assets. */
export const counterpartiesPaymentMethodTypes = operation({
  id: 'counterparties:payment-method-types',
  summary: 'List payment-method types with their currencies and assets.',
  result: 'paymentMethodTypes',
  inputs: {},
  async run(_, context) {
    return {value: await (await context.session.client()).v2.counterparties.paymentMethodTypes()}
  },
})
