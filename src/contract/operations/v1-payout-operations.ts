import * as z from 'zod/mini'
import {group, type PathParameter} from '../operation-types.js'
import {isUuid} from '../primitives.js'
import {listPayoutsV1Query} from '../requests/list-queries.js'
import {pathId} from '../requests/query-fields.js'
import {payoutV1Schema} from '../responses/payout-answers.js'
import {Scope} from '../scopes.js'

/** The v1 payouts (spec 4.1): the upsert on customId, reads, deletes and offset lists. */

export const payoutV1List = z.array(payoutV1Schema)

/** v1 `GET|DELETE /payout/{id}`: what `id` names. */
const idTypeQuery = z.object({id_type: z.optional(z.enum(['id', 'custom_id']))})

const v1PayoutId: PathParameter = {
  name: 'id',
  description: 'The payout UUID, or its customId with `id_type=custom_id`.',
  schema: pathId,
  rule: (id, query) =>
    query.id_type === 'custom_id' || isUuid(id)
      ? undefined
      : 'must be a payout UUID; pass id_type=custom_id to look up a customId',
}

export const v1PayoutOperations = group({tag: 'v1 payouts', read: [Scope.payoutsRead], write: [Scope.payoutsWrite]}, [
  {
    operationId: 'createOrUpdatePayoutV1',
    method: 'post',
    path: '/api/v1/payout',
    summary: 'Create a payout, or update the one with the same customId (an upsert).',
    body: {schemas: ['createPayoutV1Body']},
    success: {status: 200, description: 'The payout, with `action` created or updated.', schema: payoutV1Schema},
    errors: ['INVALID_STATE', 'INSUFFICIENT_BALANCE', 'VERIFICATION_REQUIRED'],
  },
  {
    operationId: 'getPayoutV1',
    method: 'get',
    path: '/api/v1/payout/{id}',
    summary: 'Read a payout.',
    pathParameters: [v1PayoutId],
    query: idTypeQuery,
    success: {status: 200, description: 'The payout.', schema: payoutV1Schema},
    errors: ['NOT_FOUND', 'PAYOUT_NOT_FOUND'],
  },
  {
    operationId: 'deletePayoutV1',
    method: 'delete',
    path: '/api/v1/payout/{id}',
    summary: 'Delete a payout (created, approved or expired); an already deleted one is returned unchanged.',
    pathParameters: [v1PayoutId],
    query: idTypeQuery,
    success: {status: 200, description: 'The payout, status deleted.', schema: payoutV1Schema},
    errors: ['NOT_FOUND', 'PAYOUT_NOT_FOUND', 'INVALID_STATE'],
  },
  {
    operationId: 'listPayoutsV1',
    method: 'get',
    path: '/api/v1/payouts',
    summary: 'List payouts, newest first by default.',
    decision: 'The names of the four query parameters (offset, limit, order_by, order_direction).',
    query: listPayoutsV1Query,
    success: {status: 200, description: 'One page of payouts.', schema: payoutV1List},
  },
])
