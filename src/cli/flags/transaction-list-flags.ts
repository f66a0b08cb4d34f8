import * as Flags from '@oclif/core/flags'
import {TRANSACTION_STATUSES, TRANSACTION_TYPES} from '../../contract/lifecycle.js'
import {
  allFlag,
  createdBeforeFlag,
  createdFromFlag,
  currencyFlag,
  cursorFlag,
  limitFlag,
  outputFlag,
  sinceStateFlag,
} from './common-flags.js'

/** The flags of `transactions list`: the API's filters (spec 4.5b), paging, and --since-state. */
export const transactionListFlags = {
  type: Flags.option({
    options: TRANSACTION_TYPES,
    summary: 'Only this type (repeatable).',
    multiple: true,
    multipleNonGreedy: true,
  })(),
  status: Flags.option({
    options: TRANSACTION_STATUSES,
    summary: 'Only this status (repeatable).',
    multiple: true,
    multipleNonGreedy: true,
  })(),
  currency: currencyFlag({
    summary: 'Only accounts in this currency (repeatable).',
    multiple: true,
    multipleNonGreedy: true,
  }),
  payout: Flags.string({
    summary: 'Only movements of this payout (UUID or payout_<UUID>).',
    exclusive: ['payout-custom-id'],
  }),
  'payout-custom-id': Flags.string({
    summary: 'Only movements of the payout with this customId.',
    exclusive: ['payout'],
  }),
  from: createdFromFlag(),
  before: createdBeforeFlag(),
  limit: limitFlag(50),
  all: allFlag,
  cursor: cursorFlag,
  'since-state': {...sinceStateFlag, exclusive: ['cursor', 'all', 'limit']},
  output: outputFlag,
}
