import type * as z from 'zod/mini'
import {createCounterpartyBody, patchCounterpartyBody} from './counterparty-requests.js'
import {authorizationCodeTokenRequest, clientRegistrationBody, refreshTokenRequest} from './oauth-requests.js'
import {createPayoutV1Body, listPayoutsV1Query} from './payout-v1-requests.js'
import {
  approvePayoutsV2Body,
  approvePayoutV2Body,
  createPayoutsV2BatchBody,
  createPayoutV2Body,
  listPayoutsV2Query,
  patchPayoutV2Body,
  payPayoutsV2Body,
  sendClaimLinksV2Body,
} from './payout-v2-requests.js'
import {allowanceSessionBody, approvalSessionBody, kybSessionBody, payoutSessionBody} from './session-requests.js'
import {patchTeamBody, sandboxDepositBody} from './team-requests.js'
import {createWebhookBody} from './webhook-requests.js'

export * from './counterparty-requests.js'
export * from './oauth-requests.js'
export * from './payout-v1-requests.js'
export * from './payout-v2-requests.js'
export * from './session-requests.js'
export * from './team-requests.js'
export * from './webhook-requests.js'

/** Where a request's schema applies: a JSON body, the query string, or a form-encoded body. */
export type RequestPart = 'body' | 'query' | 'form'

export interface RequestSchema {
  /** The schema's exported name. */
  name: string
  method: 'GET' | 'POST' | 'PATCH'
  /** The path as the emulator serves it ({id} for a path parameter). */
  path: string
  part: RequestPart
  schema: z.ZodMiniType
}

/** Every request the contract defines, for the OpenAPI document and the tests that walk them all. */
export const REQUEST_SCHEMAS: readonly RequestSchema[] = [
  {name: 'createPayoutV1Body', method: 'POST', path: '/api/v1/payout', part: 'body', schema: createPayoutV1Body},
  {name: 'listPayoutsV1Query', method: 'GET', path: '/api/v1/payouts', part: 'query', schema: listPayoutsV1Query},
  {name: 'payoutSessionBody', method: 'POST', path: '/api/v1/session/payout', part: 'body', schema: payoutSessionBody},
  {
    name: 'approvalSessionBody',
    method: 'POST',
    path: '/api/v1/session/approval',
    part: 'body',
    schema: approvalSessionBody,
  },
  {name: 'kybSessionBody', method: 'POST', path: '/api/v1/session/kyb', part: 'body', schema: kybSessionBody},
  {
    name: 'allowanceSessionBody',
    method: 'POST',
    path: '/api/v1/session/allowance',
    part: 'body',
    schema: allowanceSessionBody,
  },
  {name: 'patchTeamBody', method: 'PATCH', path: '/api/v1/team', part: 'body', schema: patchTeamBody},
  {name: 'createWebhookBody', method: 'POST', path: '/api/v1/webhook', part: 'body', schema: createWebhookBody},
  {name: 'createPayoutV2Body', method: 'POST', path: '/api/v2/payouts', part: 'body', schema: createPayoutV2Body},
  {name: 'listPayoutsV2Query', method: 'GET', path: '/api/v2/payouts', part: 'query', schema: listPayoutsV2Query},
  {
    name: 'createPayoutsV2BatchBody',
    method: 'POST',
    path: '/api/v2/payouts/batch',
    part: 'body',
    schema: createPayoutsV2BatchBody,
  },
  {name: 'patchPayoutV2Body', method: 'PATCH', path: '/api/v2/payouts/{id}', part: 'body', schema: patchPayoutV2Body},
  {
    name: 'approvePayoutV2Body',
    method: 'POST',
    path: '/api/v2/payouts/{id}/approve',
    part: 'body',
    schema: approvePayoutV2Body,
  },
  {
    name: 'approvePayoutsV2Body',
    method: 'POST',
    path: '/api/v2/payouts/approve',
    part: 'body',
    schema: approvePayoutsV2Body,
  },
  {name: 'payPayoutsV2Body', method: 'POST', path: '/api/v2/payouts/pay', part: 'body', schema: payPayoutsV2Body},
  {
    name: 'sendClaimLinksV2Body',
    method: 'POST',
    path: '/api/v2/payouts/send-claim-link',
    part: 'body',
    schema: sendClaimLinksV2Body,
  },
  {
    name: 'createCounterpartyBody',
    method: 'POST',
    path: '/api/v2/counterparties',
    part: 'body',
    schema: createCounterpartyBody,
  },
  {
    name: 'patchCounterpartyBody',
    method: 'PATCH',
    path: '/api/v2/counterparties/{id}',
    part: 'body',
    schema: patchCounterpartyBody,
  },
  {
    name: 'sandboxDepositBody',
    method: 'POST',
    path: '/api/v2/team/sandbox-deposit',
    part: 'body',
    schema: sandboxDepositBody,
  },
  {
    name: 'clientRegistrationBody',
    method: 'POST',
    path: '/api/auth/oauth2/register',
    part: 'body',
    schema: clientRegistrationBody,
  },
  {
    name: 'authorizationCodeTokenRequest',
    method: 'POST',
    path: '/api/auth/oauth2/token',
    part: 'form',
    schema: authorizationCodeTokenRequest,
  },
  {
    name: 'refreshTokenRequest',
    method: 'POST',
    path: '/api/auth/oauth2/token',
    part: 'form',
    schema: refreshTokenRequest,
  },
]
