import type {ErrorCode} from '../error-envelope.js'
import {group, type PathParameter, rowsOn} from '../operation-types.js'
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

/** The rows on the payout the path names: read, update, delete. */
const onPayout = rowsOn('/api/v2/payouts/{id}', {pathParameters: [v2PayoutId]})

/**
 * A step (approve, send-claim-link, pay) on the payout the path names, and the same step on up to 100 payouts in one
 * call (`{ids}` in the body, all or nothing): both keyed, the one answering the payout, the many the payouts.
 */
const payoutStep = <const Step extends string>(step: Step) => ({
  one: rowsOn(`/api/v2/payouts/{id}/${step}`, {
    method: 'post',
    pathParameters: [v2PayoutId],
    idempotent: true,
    success: payoutV2,
  }),
  many: rowsOn(`/api/v2/payouts/${step}`, {method: 'post', idempotent: true, success: payoutV2Page}),
})

const approve = payoutStep('approve')
const sendClaimLink = payoutStep('send-claim-link')
const pay = payoutStep('pay')

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
  onPayout({
    operationId: 'getPayoutV2',
    method: 'get',
    summary: 'Read a payout.',
    success: payoutV2,
    errors: ['PAYOUT_NOT_FOUND'],
  }),
  onPayout({
    operationId: 'updatePayoutV2',
    method: 'patch',
    summary: 'Update a payout while it is created; omitted fields stay, `recipient` is replaced whole.',
    decision: 'The path and the body.',
    body: {schemas: ['patchPayoutV2Body']},
    success: payoutV2,
    errors: STEP_ERRORS,
  }),
  onPayout({
    operationId: 'deletePayoutV2',
    method: 'delete',
    summary: 'Delete a payout (created, approved, failed or expired); it then answers 404 everywhere.',
    decision: 'The path and the answer `{object: "payout", id, deleted: true}`.',
    success: {status: 200, description: 'The deletion.', schema: deletedV2Schema},
    errors: STEP_ERRORS,
  }),
  approve.one({
    operationId: 'approvePayoutV2',
    scopes: [Scope.payoutsApprove],
    summary: 'Approve one payout; the amount is reserved against the balance.',
    body: {schemas: ['approvePayoutV2Body'], required: false},
    errors: APPROVE_ERRORS,
  }),
  sendClaimLink.one({
    operationId: 'sendClaimLinkV2',
    summary: 'E-mail the claim link; again resends it and restarts the reminders.',
    decision: 'The path; no body.',
    errors: STEP_ERRORS,
  }),
  pay.one({
    operationId: 'payPayoutV2',
    summary: "Pay an approved (or failed) counterparty payout to the counterparty's payment method.",
    errors: PAY_ERRORS,
  }),
  approve.many({
    operationId: 'approvePayoutsV2',
    scopes: [Scope.payoutsApprove],
    summary: 'Approve up to 100 payouts in one decision, all or nothing.',
    body: {schemas: ['approvePayoutsV2Body']},
    errors: APPROVE_ERRORS,
  }),
  sendClaimLink.many({
    operationId: 'sendClaimLinksV2',
    summary: 'Send the claim links of up to 100 payouts; all are checked before the first e-mail.',
    body: {schemas: ['sendClaimLinksV2Body']},
    errors: STEP_ERRORS,
  }),
  pay.many({
    operationId: 'payPayoutsV2',
    summary: 'Pay up to 100 counterparty payouts in one transaction.',
    body: {schemas: ['payPayoutsV2Body']},
    errors: PAY_ERRORS,
  }),
])
