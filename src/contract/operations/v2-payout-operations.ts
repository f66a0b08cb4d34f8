import type {ErrorCode} from '../error-envelope.js'
import {group, type PathParameter} from '../operation-types.js'
import {listPayoutsV2Query} from '../requests/list-queries.js'
import {pathId} from '../requests/query-fields.js'
import {listOf} from '../responses/answer-fields.js'
import {deletedV2Schema, payoutV2Schema} from '../responses/payout-answers.js'
import {Scope} from '../scopes.js'

/** The v2 payouts (spec 4.2-4.5): create, batches, approve, pay, claim links, cursor lists. */

export const payoutV2List = listOf(payoutV2Schema)

const v2PayoutId: PathParameter = {
  name: 'id',
  description: 'The payout id (`payout_` + UUID) or its customId.',
  schema: pathId,
}

const payoutV2 = {status: 200, description: 'The payout.', schema: payoutV2Schema} as const

/** What a create (one payout or a batch) may answer beyond the body's own problems. */
const CREATE_ERRORS: readonly ErrorCode[] = [
  'NOT_FOUND',
  'INVALID_STATE',
  'INSUFFICIENT_BALANCE',
  'ALLOWANCE_EXCEEDED',
  'VERIFICATION_REQUIRED',
]

/** What a step may answer, on one payout or a batch: a payout gone, or in a state the step does not start from. */
const STEP_ERRORS: readonly ErrorCode[] = ['PAYOUT_NOT_FOUND', 'INVALID_STATE']

/** What an approval may answer beyond a step's: the money or the verification it needs. */
const APPROVE_ERRORS: readonly ErrorCode[] = [
  ...STEP_ERRORS,
  'INSUFFICIENT_BALANCE',
  'ALLOWANCE_EXCEEDED',
  'VERIFICATION_REQUIRED',
]

/** What a payment may answer beyond a step's. */
const PAY_ERRORS: readonly ErrorCode[] = [...STEP_ERRORS, 'INSUFFICIENT_BALANCE', 'VERIFICATION_REQUIRED']

const payoutV2Page = {status: 200, description: 'The payouts, in request order.', schema: payoutV2List} as const

export const v2PayoutOperations = group({tag: 'v2 payouts', read: [Scope.payoutsRead], write: [Scope.payoutsWrite]}, [
  {
    operationId: 'createPayoutV2',
    method: 'post',
    path: '/api/v2/payouts',
    summary: 'Create a payout; `andThen` runs a follow-up step.',
    decision: 'The body beyond `andThen`.',
    body: {schemas: ['createPayoutV2Body']},
    idempotent: true,
    success: payoutV2,
    errors: CREATE_ERRORS,
  },
  {
    operationId: 'listPayoutsV2',
    method: 'get',
    path: '/api/v2/payouts',
    summary: 'List payouts, newest first, with an opaque cursor.',
    decision: 'The whole operation (the spec names no v2 payout list).',
    query: listPayoutsV2Query,
    success: {status: 200, description: 'One page of payouts.', schema: payoutV2List},
  },
  {
    operationId: 'createPayoutsV2Batch',
    method: 'post',
    path: '/api/v2/payouts/batch',
    summary: 'Create up to 100 payouts, all or nothing (`error.index` names the failing item).',
    decision: 'The path and the body `{items}`.',
    body: {schemas: ['createPayoutsV2BatchBody']},
    idempotent: true,
    success: payoutV2Page,
    errors: CREATE_ERRORS,
  },
  {
    operationId: 'getPayoutV2',
    method: 'get',
    path: '/api/v2/payouts/{id}',
    summary: 'Read a payout.',
    pathParameters: [v2PayoutId],
    success: payoutV2,
    errors: ['PAYOUT_NOT_FOUND'],
  },
  {
    operationId: 'updatePayoutV2',
    method: 'patch',
    path: '/api/v2/payouts/{id}',
    summary: 'Update a payout while it is created; omitted fields stay, `recipient` is replaced whole.',
    decision: 'The path and the body.',
    pathParameters: [v2PayoutId],
    body: {schemas: ['patchPayoutV2Body']},
    success: payoutV2,
    errors: STEP_ERRORS,
  },
  {
    operationId: 'deletePayoutV2',
    method: 'delete',
    path: '/api/v2/payouts/{id}',
    summary: 'Delete a payout (created, approved, failed or expired); it then answers 404 everywhere.',
    decision: 'The path and the answer `{object: "payout", id, deleted: true}`.',
    pathParameters: [v2PayoutId],
    success: {status: 200, description: 'The deletion.', schema: deletedV2Schema},
    errors: STEP_ERRORS,
  },
  {
    operationId: 'approvePayoutV2',
    method: 'post',
    path: '/api/v2/payouts/{id}/approve',
    scopes: [Scope.payoutsApprove],
    summary: 'Approve one payout; the amount is reserved against the balance.',
    pathParameters: [v2PayoutId],
    body: {schemas: ['approvePayoutV2Body'], required: false},
    idempotent: true,
    success: payoutV2,
    errors: APPROVE_ERRORS,
  },
  {
    operationId: 'sendClaimLinkV2',
    method: 'post',
    path: '/api/v2/payouts/{id}/send-claim-link',
    summary: 'E-mail the claim link; again resends it and restarts the reminders.',
    decision: 'The path; no body.',
    pathParameters: [v2PayoutId],
    idempotent: true,
    success: payoutV2,
    errors: STEP_ERRORS,
  },
  {
    operationId: 'payPayoutV2',
    method: 'post',
    path: '/api/v2/payouts/{id}/pay',
    summary: "Pay an approved (or failed) counterparty payout to the counterparty's payment method.",
    pathParameters: [v2PayoutId],
    idempotent: true,
    success: payoutV2,
    errors: PAY_ERRORS,
  },
  {
    operationId: 'approvePayoutsV2',
    method: 'post',
    path: '/api/v2/payouts/approve',
    scopes: [Scope.payoutsApprove],
    summary: 'Approve up to 100 payouts in one decision, all or nothing.',
    body: {schemas: ['approvePayoutsV2Body']},
    idempotent: true,
    success: payoutV2Page,
    errors: APPROVE_ERRORS,
  },
  {
    operationId: 'sendClaimLinksV2',
    method: 'post',
    path: '/api/v2/payouts/send-claim-link',
    summary: 'Send the claim links of up to 100 payouts; all are checked before the first e-mail.',
    body: {schemas: ['sendClaimLinksV2Body']},
    idempotent: true,
    success: payoutV2Page,
    errors: STEP_ERRORS,
  },
  {
    operationId: 'payPayoutsV2',
    method: 'post',
    path: '/api/v2/payouts/pay',
    summary: 'Pay up to 100 counterparty payouts in one transaction.',
    body: {schemas: ['payPayoutsV2Body']},
    idempotent: true,
    success: payoutV2Page,
    errors: PAY_ERRORS,
  },
])
