import * as z from 'zod/mini'
import {CURRENCY_CODE} from '../../shared/money.js'
import {TRANSACTION_STATUSES, TRANSACTION_TYPES} from '../lifecycle.js'
import {group} from '../operation-types.js'
import {choices, text, v2Page} from '../requests/query-fields.js'
import {listOf} from '../responses/answer-fields.js'
import {transactionSchema} from '../responses/transaction-answers.js'
import {Scope} from '../scopes.js'

/** The v2 transactions (spec 4.5b), with their filters. */

export const transactionList = listOf(transactionSchema)

const dateTime = z.iso.datetime({
  offset: true,
  local: false,
  error: 'must be an ISO 8601 date-time like 2026-01-31T00:00:00Z',
})

/** `GET /transactions` (spec 4.5b): every filter; `type`, `status` and `currency` repeat. */
const transactionsQuery = z.object({
  type: choices(TRANSACTION_TYPES),
  status: choices(TRANSACTION_STATUSES),
  currency: z.optional(z.array(text({pattern: CURRENCY_CODE, patternMessage: 'must be a three-letter code like EUR'}))),
  payoutId: z.optional(text()),
  createdFrom: z.optional(dateTime),
  createdBefore: z.optional(dateTime),
  ...v2Page,
})

export const v2TransactionOperations = group({tag: 'v2 transactions', read: [Scope.transactionsRead]}, [
  {
    operationId: 'listTransactions',
    method: 'get',
    path: '/api/v2/transactions',
    summary: "Every money movement on the team's accounts, newest first, with filters.",
    query: transactionsQuery,
    success: {status: 200, description: 'One page of transactions.', schema: transactionList},
  },
])
