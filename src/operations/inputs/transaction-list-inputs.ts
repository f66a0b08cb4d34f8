import {TRANSACTION_STATUSES, TRANSACTION_TYPES} from '../../contract/lifecycle.js'
import {
  allInput,
  createdBeforeInput,
  createdFromInput,
  currencyInput,
  cursorInput,
  limitInput,
  sinceStateInput,
} from './common-inputs.js'
import {optionInput, textInput} from './field.js'

/** The inputs of `transactions list`: the API's filters (spec 4.5b), paging, and --since-state. */
export const transactionListInputs = {
  type: optionInput(TRANSACTION_TYPES, {summary: 'Only this type (repeatable).', multiple: true}),
  status: optionInput(TRANSACTION_STATUSES, {summary: 'Only this status (repeatable).', multiple: true}),
  currency: currencyInput({summary: 'Only accounts in this currency (repeatable).', multiple: true}),
  payout: textInput({
    summary: 'Only movements of this payout (UUID or payout_<UUID>).',
    exclusive: ['payout-custom-id'],
  }),
  'payout-custom-id': textInput({
    summary: 'Only movements of the payout with this customId.',
    exclusive: ['payout'],
  }),
  from: createdFromInput(),
  before: createdBeforeInput(),
  limit: limitInput(50),
  all: allInput,
  cursor: cursorInput,
  'since-state': {...sinceStateInput, exclusive: ['cursor', 'all', 'limit']},
}
