import {
  allowConfusableInput,
  amountInput,
  currencyInput,
  customIdInput,
  emailInput,
  freeTextInput,
  phoneInput,
} from '../inputs/common-inputs.js'
import {booleanInput, textInput} from '../inputs/field.js'
import {operation} from '../operation.js'

/** `payouts update`: the fields given change, while the payout is still pending. */
export const payoutsUpdate = operation({
  id: 'payouts:update',
  summary: 'Change a payout that is still pending.',
  result: 'payoutV2',
  inputs: {
    id: textInput({summary: 'Payout id: a UUID or payout_<UUID>.', positional: true}),
    'custom-id': customIdInput,
    amount: amountInput({summary: 'New amount as a decimal string.'}),
    currency: currencyInput({summary: 'New currency code.'}),
    description: freeTextInput({summary: 'New description.'}),
    email: emailInput({summary: 'New recipient: this e-mail address.', exclusive: ['phone', 'counterparty']}),
    phone: phoneInput({summary: 'New recipient: this phone number.', exclusive: ['email', 'counterparty']}),
    counterparty: textInput({summary: 'New recipient: this counterparty.', exclusive: ['email', 'phone']}),
    'allow-confusable': allowConfusableInput,
    'set-custom-id': textInput({summary: 'Give the payout this customId.'}),
    tag: textInput({summary: 'Replace the tags (repeatable).', multiple: true}),
    'clear-tags': booleanInput({summary: 'Remove every tag.', exclusive: ['tag']}),
  },
  async run(input, context) {
    const [{singlePayoutKey}, {planUpdate}] = await Promise.all([
      import('../../services/payouts/ids-input.js'),
      import('../../services/payouts/payout-plans.js'),
    ])
    const key = singlePayoutKey(input.id, input['custom-id'])
    const patch = planUpdate({
      amount: input.amount,
      currency: input.currency,
      description: input.description,
      email: input.email,
      phone: input.phone,
      counterparty: input.counterparty,
      customId: input['set-custom-id'],
      tags: input['clear-tags'] ? [] : input.tag,
      allowConfusable: input['allow-confusable'],
    })
    const client = await context.session.client()
    return {value: await client.v2.payouts.update(key.v2, patch)}
  },
})
