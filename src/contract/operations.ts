import {type ErrorCode, errorEnvelopeSchema} from './error-envelope.js'
import {metadataSchema, registrationSchema, tokenResponseSchema} from './oauth-bodies.js'
import type {Operation} from './operation-types.js'
import {metaOperations} from './operations/meta-operations.js'
import {oauthOperations} from './operations/oauth-operations.js'
import {payoutV1List, v1PayoutOperations} from './operations/v1-payout-operations.js'
import {v1SessionOperations} from './operations/v1-session-operations.js'
import {v1TeamOperations} from './operations/v1-team-operations.js'
import {v1WebhookOperations, webhookList} from './operations/v1-webhook-operations.js'
import {counterpartyList, v2CounterpartyOperations} from './operations/v2-counterparty-operations.js'
import {payoutV2List, v2PayoutOperations} from './operations/v2-payout-operations.js'
import {countryList, paymentMethodTypeList, v2ReferenceOperations} from './operations/v2-reference-operations.js'
import {accountList, v2TeamOperations} from './operations/v2-team-operations.js'
import {transactionList, v2TransactionOperations} from './operations/v2-transaction-operations.js'
import {
  accountSchema,
  counterpartySchema,
  countrySchema,
  deletedV2Schema,
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

/** The rows by operation id, each with its literal type: `operations.createPayoutV2`. */
export const operations = {
  ...v1PayoutOperations,
  ...v1SessionOperations,
  ...v1TeamOperations,
  ...v1WebhookOperations,
  ...v2PayoutOperations,
  ...v2CounterpartyOperations,
  ...v2ReferenceOperations,
  ...v2TransactionOperations,
  ...v2TeamOperations,
  ...oauthOperations,
  ...metaOperations,
}

export type OperationId = keyof typeof operations

/** The rows in the document's order. */
export const OPERATIONS: readonly Operation[] = Object.values(operations)
