import {idempotencyKeyInput} from '../inputs/common-inputs.js'
import {counterpartyInputs, counterpartyRefInputs} from '../inputs/counterparty-inputs.js'
import {booleanInput, textInput} from '../inputs/field.js'
import {operation} from '../operation.js'
import {namedCounterparty, namedCounterpartyCall} from './named-counterparty.js'

/** `counterparties create`: the body from the inputs (and --from-file), its tax identity checked first. */
export const counterpartiesCreate = operation({
  id: 'counterparties:create',
  summary: 'Create a counterparty: a recipient your team pays directly.',
  result: 'counterparty',
  inputs: {
    ...counterpartyInputs,
    'custom-id': textInput({summary: 'Your own unique key for the counterparty.'}),
    'idempotency-key': idempotencyKeyInput,
  },
  async run(input, context) {
    const {buildCreateBody} = await import('../../services/counterparties/counterparty-input.js')
    const body = await buildCreateBody(input)
    const client = await context.session.client()
    if (!input['skip-tax-check']) {
      const {checkTaxRules} = await import('../../services/counterparties/counterparty-service.js')
      await checkTaxRules(client, body)
    }
    const [{createCounterparty}, {runWithKeptKeys}] = await Promise.all([
      import('../../services/counterparties/create-counterparty.js'),
      import('../payouts/kept-key-run.js'),
    ])
    const kept = {dataDir: context.session.dataDir, origin: client.transport.origin, report: context.report}
    const counterparty = await runWithKeptKeys(kept, run =>
      createCounterparty(client, body, {idempotencyKey: input['idempotency-key'], ...run}),
    )
    return {value: counterparty}
  },
})

/** `counterparties update`: the fields given, merged with the counterparty as it is, its tax identity checked first. */
export const counterpartiesUpdate = operation({
  id: 'counterparties:update',
  summary: 'Change a counterparty.',
  result: 'counterparty',
  inputs: {
    ...counterpartyRefInputs,
    'set-custom-id': textInput({summary: 'Give the counterparty this customId.'}),
    ...counterpartyInputs,
    'clear-payment-method': booleanInput({
      summary: 'Remove the payment method.',
      helpGroup: 'PAYMENT METHOD',
      exclusive: ['payment-method', 'payment-currency', 'iban'],
    }),
    'clear-tax-identity': booleanInput({
      summary: 'Remove the tax identity.',
      helpGroup: 'TAX IDENTITY',
      exclusive: ['tax-id', 'vat-number', 'date-of-birth'],
    }),
  },
  async run(input, context) {
    const [{checkTaxRules}, {buildUpdateBody}, id] = await Promise.all([
      import('../../services/counterparties/counterparty-service.js'),
      import('../../services/counterparties/counterparty-input.js'),
      namedCounterparty(input),
    ])
    const client = await context.session.client()
    const {patch, merged} = await buildUpdateBody({...input, 'custom-id': input['set-custom-id']}, () =>
      client.v2.counterparties.get(id),
    )
    // A new tax identity, address or identity type can break a tax rule: check the merged result first.
    if (!input['skip-tax-check'] && (patch.taxIdentity || patch.address || patch.identity))
      await checkTaxRules(client, merged)
    return {value: await client.v2.counterparties.update(id, patch)}
  },
})

/** `counterparties delete`: confirmed on production. */
export const counterpartiesDelete = namedCounterpartyCall({
  id: 'counterparties:delete',
  summary: 'Delete a counterparty.',
  result: 'deleted',
  confirm: id => `delete counterparty ${id}`,
  call: (client, id) => client.v2.counterparties.delete(id),
})
