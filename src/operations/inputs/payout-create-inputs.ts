import {KNOWN_NOTIFICATIONS, KNOWN_PAYOUT_TYPES} from '../../contract/open-enums.js'
import type {CreateInput} from '../../services/payouts/payout-plans.js'
import {
  allowConfusableInput,
  amountInput,
  andThenInput,
  currencyInput,
  emailInput,
  freeTextInput,
  generationInput,
  idempotencyKeyInput,
  phoneInput,
  waitInput,
  waitTimeoutOfWaitInput,
} from './common-inputs.js'
import {booleanInput, type InputOf, textInput} from './field.js'

const v1Text = (summary: string) => textInput({summary, helpGroup: 'V1'})

/** The inputs of `payouts create`: the payout's fields (v2, and the v1-only ones), its follow-up step, --wait. */
export const createInputs = {
  amount: amountInput({summary: 'Amount as a decimal string, e.g. 120.00.', required: true}),
  currency: currencyInput({summary: 'Currency code, e.g. EUR.', required: true}),
  description: freeTextInput({summary: 'What the payout is for (shown to the recipient).', required: true}),
  'custom-id': textInput({summary: 'Your own unique key for the payout (v1: creating again updates it).'}),
  tag: textInput({summary: 'A tag (repeatable).', multiple: true}),
  email: emailInput({summary: 'Recipient e-mail address.'}),
  phone: phoneInput({summary: 'Recipient phone number, international format (+4915112345678).'}),
  counterparty: textInput({summary: 'Pay a saved counterparty (counterparty_<UUID>).'}),
  'allow-confusable': allowConfusableInput,
  'and-then': andThenInput,
  'idempotency-key': idempotencyKeyInput,
  wait: {...waitInput, dependsOn: ['and-then']},
  timeout: waitTimeoutOfWaitInput,
  'creator-handle': v1Text('v1 recipient: a social handle (@name), an e-mail address or a wallet address.'),
  'verification-method': v1Text('v1: how the recipient is verified, e.g. youtube-channel.'),
  'payout-type': v1Text(
    `v1: ${KNOWN_PAYOUT_TYPES.join(', ')} or another type the service takes; manual-immutable payouts cannot change amount, currency or recipient later.`,
  ),
  notifications: v1Text(
    `v1: whether the recipient is notified: ${KNOWN_NOTIFICATIONS.join(', ')} (or another value the service takes).`,
  ),
  'pre-approved': booleanInput({
    summary: 'v1: create it approved (moves money; needs payouts:approve and enough balance).',
    helpGroup: 'V1',
  }),
  api: generationInput('Force the API generation (default: v1 when a v1 flag is given, v2 otherwise).'),
}

/** The payout `payouts create` was given, from its inputs. */
export const createInputOf = (f: InputOf<typeof createInputs>): CreateInput => ({
  api: f.api,
  amount: f.amount,
  currency: f.currency,
  description: f.description,
  customId: f['custom-id'],
  tags: f.tag,
  email: f.email,
  phone: f.phone,
  counterparty: f.counterparty,
  andThen: f['and-then'],
  idempotencyKey: f['idempotency-key'],
  creatorHandle: f['creator-handle'],
  verificationMethod: f['verification-method'],
  payoutType: f['payout-type'],
  preApproved: f['pre-approved'],
  notifications: f.notifications,
  allowConfusable: f['allow-confusable'],
})
