import * as z from 'zod/mini'
import {CURRENCY_CODE} from '../shared/money.js'
import {type ErrorCode, errorEnvelopeSchema} from './error-envelope.js'
import {TRANSACTION_STATUSES, TRANSACTION_TYPES} from './lifecycle.js'
import {metadataSchema, registrationSchema, tokenResponseSchema} from './oauth-bodies.js'
import type {Operation, PathParameter, RequestSchemaName} from './operation-types.js'
import {isUuid} from './primitives.js'
import {listPayoutsV1Query, listPayoutsV2Query} from './requests/list-queries.js'
import {choices, pageCursor, pathId, text, v2PageLimit} from './requests/request-fields.js'
import {
  accountSchema,
  counterpartySchema,
  countrySchema,
  deletedV2Schema,
  listOf,
  paymentMethodTypeSchema,
  payoutV1Schema,
  payoutV2Schema,
  sessionUrlSchema,
  teamSettingsSchema,
  teamV1Schema,
  teamV2Schema,
  transactionSchema,
  webhookSubscriptionSchema,
} from './responses.js'
import {Scope} from './scopes.js'

/**
 * Every operation of the service as data, one row each: method, path with its parameters, scopes, idempotency,
 * the query and body schemas, and the answers. The client calls by row (`src/client/call.ts`), the emulator
 * serves one handler per row (`src/emulator/http/operation-route.ts`), and the OpenAPI document
 * (`openapi-document.ts`) is a walk over the rows: no API path is written anywhere else. `decision` marks what
 * the spec leaves open and DESIGN.md decides (the document says so with `x-payctl-decision`).
 */

export {type HttpVerb, type Operation, type PathParameter, type RequestBody, TAGS} from './operation-types.js'

/** What every authenticated operation may answer: a bad request, bad or missing credentials, scope, rate. */
export const COMMON_ERRORS: readonly ErrorCode[] = [
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'INSUFFICIENT_SCOPE',
  'RATE_LIMITED',
]

/** Schemas that get a name in the document (`components.schemas`), besides the request bodies. */
export const NAMED_SCHEMAS = {
  ErrorEnvelope: errorEnvelopeSchema,
  PayoutV1: payoutV1Schema,
  PayoutV2: payoutV2Schema,
  Deleted: deletedV2Schema,
  Counterparty: counterpartySchema,
  TeamV1: teamV1Schema,
  TeamSettings: teamSettingsSchema,
  TeamV2: teamV2Schema,
  Account: accountSchema,
  Transaction: transactionSchema,
  SessionUrl: sessionUrlSchema,
  WebhookSubscription: webhookSubscriptionSchema,
  Country: countrySchema,
  PaymentMethodType: paymentMethodTypeSchema,
  AuthorizationServerMetadata: metadataSchema,
  ClientRegistration: registrationSchema,
  TokenResponse: tokenResponseSchema,
} as const

const payoutV1List = z.array(payoutV1Schema)
const payoutV2List = listOf(payoutV2Schema)
const webhookList = z.array(webhookSubscriptionSchema)
const counterpartyList = listOf(counterpartySchema)
const transactionList = listOf(transactionSchema)
const accountList = listOf(accountSchema)
const countryList = listOf(countrySchema)
const paymentMethodTypeList = listOf(paymentMethodTypeSchema)
/** The document itself, as `GET /api/openapi.json` answers it. */
const openApiObject = z.looseObject({openapi: z.string()})

/** The list schemas get names too, so a generated client has a type for each. */
export const NAMED_LISTS = {
  PayoutV1Array: payoutV1List,
  PayoutV2List: payoutV2List,
  WebhookSubscriptionArray: webhookList,
  CounterpartyList: counterpartyList,
  TransactionList: transactionList,
  AccountList: accountList,
  CountryList: countryList,
  PaymentMethodTypeList: paymentMethodTypeList,
} as const

/** The query of the v2 cursor lists without filters (counterparties). */
const pageQuery = z.object({
  limit: v2PageLimit,
  cursor: pageCursor,
})

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
  limit: v2PageLimit,
  cursor: pageCursor,
})

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
const v2PayoutId: PathParameter = {
  name: 'id',
  description: 'The payout id (`payout_` + UUID) or its customId.',
  schema: pathId,
}
const counterpartyId: PathParameter = {
  name: 'id',
  description: 'The counterparty id (`counterparty_` + UUID) or its customId.',
  schema: pathId,
}
const webhookId: PathParameter = {name: 'id', description: 'The subscription id.', schema: pathId}

const payoutV2 = {status: 200, description: 'The payout.', schema: payoutV2Schema} as const
const payoutV2Page = {status: 200, description: 'The payouts, in request order.', schema: payoutV2List} as const
const sessionUrl = {
  status: 200,
  description: 'A fresh, opaque URL of the hosted screen.',
  schema: sessionUrlSchema,
} as const

const session = <const Id extends string, const Kind extends string, const N extends RequestSchemaName>(
  operationId: Id,
  kind: Kind,
  summary: string,
  schema: N,
) =>
  ({
    operationId,
    method: 'post',
    path: `/api/v1/session/${kind}`,
    tag: 'v1 sessions',
    scopes: [Scope.sessionsWrite],
    summary,
    body: {schemas: [schema]},
    success: sessionUrl,
  }) as const

const ROWS = [
  {
    operationId: 'createOrUpdatePayoutV1',
    method: 'post',
    path: '/api/v1/payout',
    tag: 'v1 payouts',
    scopes: [Scope.payoutsWrite],
    summary: 'Create a payout, or update the one with the same customId (an upsert).',
    body: {schemas: ['createPayoutV1Body']},
    success: {status: 200, description: 'The payout, with `action` created or updated.', schema: payoutV1Schema},
    errors: ['INVALID_STATE', 'INSUFFICIENT_BALANCE', 'VERIFICATION_REQUIRED'],
  },
  {
    operationId: 'getPayoutV1',
    method: 'get',
    path: '/api/v1/payout/{id}',
    tag: 'v1 payouts',
    scopes: [Scope.payoutsRead],
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
    tag: 'v1 payouts',
    scopes: [Scope.payoutsWrite],
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
    tag: 'v1 payouts',
    scopes: [Scope.payoutsRead],
    summary: 'List payouts, newest first by default.',
    decision: 'The names of the four query parameters (offset, limit, order_by, order_direction).',
    query: listPayoutsV1Query,
    success: {status: 200, description: 'One page of payouts.', schema: payoutV1List},
  },
  session('createPayoutSession', 'payout', 'A claim screen for the payout recipient.', 'payoutSessionBody'),
  session('createApprovalSession', 'approval', 'An approval screen for a member of the team.', 'approvalSessionBody'),
  session(
    'createKybSession',
    'kyb',
    'A business verification (KYB) screen for a member of the team.',
    'kybSessionBody',
  ),
  session(
    'createAllowanceSession',
    'allowance',
    "The team owner's daily spending allowance screen.",
    'allowanceSessionBody',
  ),
  {
    operationId: 'getTeamV1',
    method: 'get',
    path: '/api/v1/team',
    tag: 'v1 team',
    scopes: [Scope.teamRead],
    summary: 'The team record: balances, deposit instructions, members.',
    success: {status: 200, description: 'The team record.', schema: teamV1Schema},
    errors: ['NOT_FOUND'],
  },
  {
    operationId: 'updateTeamSettings',
    method: 'patch',
    path: '/api/v1/team',
    tag: 'v1 team',
    scopes: [Scope.teamManage],
    summary: 'Update team settings (DAC7 reportability).',
    decision: 'The body field `dac7ReportingRequired`.',
    body: {schemas: ['patchTeamBody']},
    success: {status: 200, description: 'The settings.', schema: teamSettingsSchema},
    errors: ['NOT_FOUND'],
  },
  {
    operationId: 'createWebhook',
    method: 'post',
    path: '/api/v1/webhook',
    tag: 'v1 webhooks',
    scopes: [Scope.webhooksWrite],
    summary: 'Subscribe a URL to payout events. Not keyed: list the subscriptions before retrying.',
    decision: 'The request and answer bodies; `signingSecret` is in this answer only.',
    body: {schemas: ['createWebhookBody']},
    success: {status: 200, description: 'The subscription with its signing secret.', schema: webhookSubscriptionSchema},
  },
  {
    operationId: 'listWebhooks',
    method: 'get',
    path: '/api/v1/webhook',
    tag: 'v1 webhooks',
    scopes: [Scope.webhooksWrite],
    summary: "The team's subscriptions, without secrets.",
    decision: 'The answer body.',
    success: {status: 200, description: 'The subscriptions.', schema: webhookList},
  },
  {
    operationId: 'deleteWebhook',
    method: 'delete',
    path: '/api/v1/webhook/{id}',
    tag: 'v1 webhooks',
    scopes: [Scope.webhooksWrite],
    summary: 'Remove a subscription.',
    decision: 'The answer body (the subscription with `deleted: true`) and 404 for an unknown id.',
    pathParameters: [webhookId],
    success: {status: 200, description: 'The removed subscription.', schema: webhookSubscriptionSchema},
    errors: ['NOT_FOUND'],
  },
  {
    operationId: 'createPayoutV2',
    method: 'post',
    path: '/api/v2/payouts',
    tag: 'v2 payouts',
    scopes: [Scope.payoutsWrite],
    summary: 'Create a payout; `andThen` runs a follow-up step.',
    decision: 'The body beyond `andThen`.',
    body: {schemas: ['createPayoutV2Body']},
    idempotent: true,
    success: payoutV2,
    errors: ['NOT_FOUND', 'INVALID_STATE', 'INSUFFICIENT_BALANCE', 'ALLOWANCE_EXCEEDED', 'VERIFICATION_REQUIRED'],
  },
  {
    operationId: 'listPayoutsV2',
    method: 'get',
    path: '/api/v2/payouts',
    tag: 'v2 payouts',
    scopes: [Scope.payoutsRead],
    summary: 'List payouts, newest first, with an opaque cursor.',
    decision: 'The whole operation (the spec names no v2 payout list).',
    query: listPayoutsV2Query,
    success: {status: 200, description: 'One page of payouts.', schema: payoutV2List},
  },
  {
    operationId: 'createPayoutsV2Batch',
    method: 'post',
    path: '/api/v2/payouts/batch',
    tag: 'v2 payouts',
    scopes: [Scope.payoutsWrite],
    summary: 'Create up to 100 payouts, all or nothing (`error.index` names the failing item).',
    decision: 'The path and the body `{items}`.',
    body: {schemas: ['createPayoutsV2BatchBody']},
    idempotent: true,
    success: {status: 200, description: 'The payouts, in request order.', schema: payoutV2List},
    errors: ['NOT_FOUND', 'INVALID_STATE', 'INSUFFICIENT_BALANCE', 'ALLOWANCE_EXCEEDED', 'VERIFICATION_REQUIRED'],
  },
  {
    operationId: 'getPayoutV2',
    method: 'get',
    path: '/api/v2/payouts/{id}',
    tag: 'v2 payouts',
    scopes: [Scope.payoutsRead],
    summary: 'Read a payout.',
    pathParameters: [v2PayoutId],
    success: payoutV2,
    errors: ['PAYOUT_NOT_FOUND'],
  },
  {
    operationId: 'updatePayoutV2',
    method: 'patch',
    path: '/api/v2/payouts/{id}',
    tag: 'v2 payouts',
    scopes: [Scope.payoutsWrite],
    summary: 'Update a payout while it is created; omitted fields stay, `recipient` is replaced whole.',
    decision: 'The path and the body.',
    pathParameters: [v2PayoutId],
    body: {schemas: ['patchPayoutV2Body']},
    success: payoutV2,
    errors: ['PAYOUT_NOT_FOUND', 'INVALID_STATE'],
  },
  {
    operationId: 'deletePayoutV2',
    method: 'delete',
    path: '/api/v2/payouts/{id}',
    tag: 'v2 payouts',
    scopes: [Scope.payoutsWrite],
    summary: 'Delete a payout (created, approved, failed or expired); it then answers 404 everywhere.',
    decision: 'The path and the answer `{object: "payout", id, deleted: true}`.',
    pathParameters: [v2PayoutId],
    success: {status: 200, description: 'The deletion.', schema: deletedV2Schema},
    errors: ['PAYOUT_NOT_FOUND', 'INVALID_STATE'],
  },
  {
    operationId: 'approvePayoutV2',
    method: 'post',
    path: '/api/v2/payouts/{id}/approve',
    tag: 'v2 payouts',
    scopes: [Scope.payoutsApprove],
    summary: 'Approve one payout; the amount is reserved against the balance.',
    pathParameters: [v2PayoutId],
    body: {schemas: ['approvePayoutV2Body'], required: false},
    idempotent: true,
    success: payoutV2,
    errors: [
      'PAYOUT_NOT_FOUND',
      'INVALID_STATE',
      'INSUFFICIENT_BALANCE',
      'ALLOWANCE_EXCEEDED',
      'VERIFICATION_REQUIRED',
    ],
  },
  {
    operationId: 'sendClaimLinkV2',
    method: 'post',
    path: '/api/v2/payouts/{id}/send-claim-link',
    tag: 'v2 payouts',
    scopes: [Scope.payoutsWrite],
    summary: 'E-mail the claim link; again resends it and restarts the reminders.',
    decision: 'The path; no body.',
    pathParameters: [v2PayoutId],
    idempotent: true,
    success: payoutV2,
    errors: ['PAYOUT_NOT_FOUND', 'INVALID_STATE'],
  },
  {
    operationId: 'payPayoutV2',
    method: 'post',
    path: '/api/v2/payouts/{id}/pay',
    tag: 'v2 payouts',
    scopes: [Scope.payoutsWrite],
    summary: "Pay an approved (or failed) counterparty payout to the counterparty's payment method.",
    pathParameters: [v2PayoutId],
    idempotent: true,
    success: payoutV2,
    errors: ['PAYOUT_NOT_FOUND', 'INVALID_STATE', 'INSUFFICIENT_BALANCE', 'VERIFICATION_REQUIRED'],
  },
  {
    operationId: 'approvePayoutsV2',
    method: 'post',
    path: '/api/v2/payouts/approve',
    tag: 'v2 payouts',
    scopes: [Scope.payoutsApprove],
    summary: 'Approve up to 100 payouts in one decision, all or nothing.',
    body: {schemas: ['approvePayoutsV2Body']},
    idempotent: true,
    success: payoutV2Page,
    errors: [
      'PAYOUT_NOT_FOUND',
      'INVALID_STATE',
      'INSUFFICIENT_BALANCE',
      'ALLOWANCE_EXCEEDED',
      'VERIFICATION_REQUIRED',
    ],
  },
  {
    operationId: 'sendClaimLinksV2',
    method: 'post',
    path: '/api/v2/payouts/send-claim-link',
    tag: 'v2 payouts',
    scopes: [Scope.payoutsWrite],
    summary: 'Send the claim links of up to 100 payouts; all are checked before the first e-mail.',
    body: {schemas: ['sendClaimLinksV2Body']},
    idempotent: true,
    success: payoutV2Page,
    errors: ['PAYOUT_NOT_FOUND', 'INVALID_STATE'],
  },
  {
    operationId: 'payPayoutsV2',
    method: 'post',
    path: '/api/v2/payouts/pay',
    tag: 'v2 payouts',
    scopes: [Scope.payoutsWrite],
    summary: 'Pay up to 100 counterparty payouts in one transaction.',
    body: {schemas: ['payPayoutsV2Body']},
    idempotent: true,
    success: payoutV2Page,
    errors: ['PAYOUT_NOT_FOUND', 'INVALID_STATE', 'INSUFFICIENT_BALANCE', 'VERIFICATION_REQUIRED'],
  },
  {
    operationId: 'createCounterparty',
    method: 'post',
    path: '/api/v2/counterparties',
    tag: 'v2 counterparties',
    scopes: [Scope.counterpartiesWrite],
    summary: 'Create a recipient paid directly; `missing` names what a direct payment still needs.',
    body: {schemas: ['createCounterpartyBody']},
    idempotent: true,
    success: {status: 200, description: 'The counterparty.', schema: counterpartySchema},
  },
  {
    operationId: 'listCounterparties',
    method: 'get',
    path: '/api/v2/counterparties',
    tag: 'v2 counterparties',
    scopes: [Scope.counterpartiesRead],
    summary: 'List counterparties, newest first.',
    decision: 'The query parameters `limit` and `cursor`.',
    query: pageQuery,
    success: {status: 200, description: 'One page of counterparties.', schema: counterpartyList},
  },
  {
    operationId: 'getCounterparty',
    method: 'get',
    path: '/api/v2/counterparties/{id}',
    tag: 'v2 counterparties',
    scopes: [Scope.counterpartiesRead],
    summary: 'Read a counterparty.',
    decision: 'The whole operation.',
    pathParameters: [counterpartyId],
    success: {status: 200, description: 'The counterparty.', schema: counterpartySchema},
    errors: ['NOT_FOUND'],
  },
  {
    operationId: 'updateCounterparty',
    method: 'patch',
    path: '/api/v2/counterparties/{id}',
    tag: 'v2 counterparties',
    scopes: [Scope.counterpartiesWrite],
    summary: 'Update a counterparty; omitted fields stay.',
    decision: 'The whole operation.',
    pathParameters: [counterpartyId],
    body: {schemas: ['patchCounterpartyBody']},
    success: {status: 200, description: 'The counterparty.', schema: counterpartySchema},
    errors: ['NOT_FOUND', 'INVALID_STATE'],
  },
  {
    operationId: 'deleteCounterparty',
    method: 'delete',
    path: '/api/v2/counterparties/{id}',
    tag: 'v2 counterparties',
    scopes: [Scope.counterpartiesWrite],
    summary: 'Delete a counterparty.',
    decision: 'The whole operation.',
    pathParameters: [counterpartyId],
    success: {status: 200, description: 'The deletion.', schema: deletedV2Schema},
    errors: ['NOT_FOUND', 'INVALID_STATE'],
  },
  {
    operationId: 'listCountries',
    method: 'get',
    path: '/api/v2/countries',
    tag: 'v2 reference',
    scopes: [],
    summary: 'Supported countries with the tax fields per identity type.',
    decision: 'The path and the answer.',
    success: {status: 200, description: 'The countries.', schema: countryList},
  },
  {
    operationId: 'listPaymentMethodTypes',
    method: 'get',
    path: '/api/v2/payment-method-types',
    tag: 'v2 reference',
    scopes: [],
    summary: 'Payment methods with their currencies and assets.',
    decision: 'The path and the answer.',
    success: {status: 200, description: 'The payment-method types.', schema: paymentMethodTypeList},
  },
  {
    operationId: 'listTransactions',
    method: 'get',
    path: '/api/v2/transactions',
    tag: 'v2 transactions',
    scopes: [Scope.transactionsRead],
    summary: "Every money movement on the team's accounts, newest first, with filters.",
    query: transactionsQuery,
    success: {status: 200, description: 'One page of transactions.', schema: transactionList},
  },
  {
    operationId: 'getTeamV2',
    method: 'get',
    path: '/api/v2/team',
    tag: 'v2 team',
    scopes: [Scope.teamRead],
    summary: 'The team (`team_` + UUID).',
    decision: 'The whole operation.',
    success: {status: 200, description: 'The team.', schema: teamV2Schema},
    errors: ['NOT_FOUND'],
  },
  {
    operationId: 'listAccounts',
    method: 'get',
    path: '/api/v2/accounts',
    tag: 'v2 team',
    scopes: [Scope.teamRead],
    summary: "The team's accounts: balance, allowance, deposit instructions.",
    decision: 'The whole operation.',
    success: {status: 200, description: 'The accounts.', schema: accountList},
    errors: ['NOT_FOUND'],
  },
  {
    operationId: 'createSandboxDeposit',
    method: 'post',
    path: '/api/v2/team/sandbox-deposit',
    tag: 'v2 team',
    scopes: [],
    summary: 'Sandbox only: add an amount to an account as a bank deposit would.',
    body: {schemas: ['sandboxDepositBody']},
    idempotent: true,
    success: {status: 200, description: 'The account.', schema: accountSchema},
    errors: ['SANDBOX_ONLY', 'VERIFICATION_REQUIRED', 'NOT_FOUND'],
  },
  {
    operationId: 'getAuthorizationServerMetadata',
    method: 'get',
    path: '/.well-known/oauth-authorization-server/api/auth',
    tag: 'OAuth',
    scopes: [],
    summary: 'Authorization server metadata (RFC 8414).',
    auth: 'none',
    success: {status: 200, description: 'The metadata.', schema: metadataSchema},
  },
  {
    operationId: 'registerClient',
    method: 'post',
    path: '/api/auth/oauth2/register',
    tag: 'OAuth',
    scopes: [],
    summary: 'Dynamic client registration (RFC 7591); deprecated for platform integrations.',
    auth: 'none',
    body: {schemas: ['clientRegistrationBody'], anyContentType: true},
    success: {status: 201, description: 'The registered client (RFC 7591 section 3.2.1).', schema: registrationSchema},
  },
  {
    operationId: 'requestToken',
    method: 'post',
    path: '/api/auth/oauth2/token',
    tag: 'OAuth',
    scopes: [],
    summary: 'Exchange an authorization code (with PKCE) or a refresh token for tokens.',
    auth: 'none',
    decision: 'The request parameters and token lifetimes (access 1 hour, refresh 30 days, rotating).',
    authenticatesClient: true,
    body: {
      schemas: ['authorizationCodeTokenRequest', 'refreshTokenRequest'],
      mediaType: 'application/x-www-form-urlencoded',
    },
    success: {status: 200, description: 'The tokens.', schema: tokenResponseSchema},
  },
  {
    operationId: 'getOpenApiDocument',
    method: 'get',
    path: '/api/openapi.json',
    tag: 'Meta',
    scopes: [],
    summary: 'This document.',
    auth: 'none',
    decision: 'The whole operation (payctl serves its reading of the spec).',
    success: {status: 200, description: 'The OpenAPI document.', schema: openApiObject},
  },
] as const satisfies readonly Operation[]

type Row = (typeof ROWS)[number]
export type OperationId = Row['operationId']

/** The rows by operation id, each with its literal type: `operations.createPayoutV2`. */
export const operations = Object.fromEntries(ROWS.map(row => [row.operationId, row])) as unknown as {
  readonly [R in Row as R['operationId']]: R
}

/** The rows in the document's order. */
export const OPERATIONS: readonly Operation[] = ROWS
