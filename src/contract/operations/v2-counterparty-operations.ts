import * as z from 'zod/mini'
import {group, type PathParameter} from '../operation-types.js'
import {pathId, v2Page} from '../requests/query-fields.js'
import {listOf} from '../responses/answer-fields.js'
import {counterpartySchema} from '../responses/counterparty-answers.js'
import {deletedV2Schema} from '../responses/payout-answers.js'
import {Scope} from '../scopes.js'

/** The v2 counterparties: recipients paid directly. */

export const counterpartyList = listOf(counterpartySchema)

/** The query of the v2 cursor lists without filters (counterparties). */
const pageQuery = z.object(v2Page)

const counterpartyId: PathParameter = {
  name: 'id',
  description: 'The counterparty id (`counterparty_` + UUID) or its customId.',
  schema: pathId,
}

const counterpartyAnswer = {status: 200, description: 'The counterparty.', schema: counterpartySchema} as const

export const v2CounterpartyOperations = group(
  {tag: 'v2 counterparties', read: [Scope.counterpartiesRead], write: [Scope.counterpartiesWrite]},
  [
    {
      operationId: 'createCounterparty',
      method: 'post',
      path: '/api/v2/counterparties',
      summary: 'Create a recipient paid directly; `missing` names what a direct payment still needs.',
      body: {schemas: ['createCounterpartyBody']},
      idempotent: true,
      success: counterpartyAnswer,
    },
    {
      operationId: 'listCounterparties',
      method: 'get',
      path: '/api/v2/counterparties',
      summary: 'List counterparties, newest first.',
      decision: 'The query parameters `limit` and `cursor`.',
      query: pageQuery,
      success: {status: 200, description: 'One page of counterparties.', schema: counterpartyList},
    },
    {
      operationId: 'getCounterparty',
      method: 'get',
      path: '/api/v2/counterparties/{id}',
      summary: 'Read a counterparty.',
      decision: 'The whole operation.',
      pathParameters: [counterpartyId],
      success: counterpartyAnswer,
      errors: ['NOT_FOUND'],
    },
    {
      operationId: 'updateCounterparty',
      method: 'patch',
      path: '/api/v2/counterparties/{id}',
      summary: 'Update a counterparty; omitted fields stay.',
      decision: 'The whole operation.',
      pathParameters: [counterpartyId],
      body: {schemas: ['patchCounterpartyBody']},
      success: counterpartyAnswer,
      errors: ['NOT_FOUND', 'INVALID_STATE'],
    },
    {
      operationId: 'deleteCounterparty',
      method: 'delete',
      path: '/api/v2/counterparties/{id}',
      summary: 'Delete a counterparty.',
      decision: 'The whole operation.',
      pathParameters: [counterpartyId],
      success: {status: 200, description: 'The deletion.', schema: deletedV2Schema},
      errors: ['NOT_FOUND', 'INVALID_STATE'],
    },
  ],
)
