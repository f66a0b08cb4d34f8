import * as z from 'zod/mini'
import {
  clockSchema,
  controlPayoutSchema,
  deliveryListSchema,
  emulatorIdentitySchema,
  faultAnswerSchema,
  faultListSchema,
  newTeamSchema,
  oauthClientSchema,
  requestListSchema,
  requestsQuery,
  resetSchema,
  revokedSchema,
  textListSchema,
  textsQuery,
  varianceSchema,
  whiteLabelSchema,
} from './control-bodies.js'
import {EMULATOR_IDENTITY_PATH} from './emulator-identity.js'
import type {ErrorCode} from './error-envelope.js'
import {byId, type Operation, type PathParameter} from './operation-types.js'
import {pathId} from './requests/request-fields.js'

/**
 * The local emulator's control plane as data, one row per route, in the shape of the operations table
 * (operations.ts): the routes an integrator's tests use to drive the emulator (fund a team, move the clock, inject
 * faults, claim as a recipient, read the webhook deliveries and text messages, reset). The client calls them by
 * row (`src/client/emulator-control.ts`), the emulator serves one handler per row
 * (`src/emulator/routes/control-routes.ts`) and control-document.ts publishes them as a second OpenAPI document:
 * no `/_emulator/` path is written anywhere else. `auth: 'control'`: no credentials, but only from this machine
 * (or with the control token); never subject to injected faults.
 */

/** The groups of control routes, in the document's order. */
export const CONTROL_TAGS: Readonly<Record<string, string>> = {
  Emulator: 'The whole emulator: reset, who answers, this document.',
  Clock: "The emulator's clock: read it, move it forward; what became due runs at once.",
  Faults: 'Injected faults: the next matching API requests fail, stall or lose their answer.',
  Recipients: "What a payout's recipient does and receives: claim, expiry, text messages.",
  Webhooks: 'The log of webhook delivery attempts.',
  Teams: 'Teams, their keys and features, and OAuth clients, as an administrator creates them.',
  Variance: 'Variance mode: answers that vary within what the spec allows.',
}

/** What every control route may answer: a bad request, another host (403), control routes switched off (404). */
export const CONTROL_COMMON_ERRORS: readonly ErrorCode[] = ['VALIDATION_ERROR', 'FORBIDDEN', 'NOT_FOUND']

/** Schemas that get a name in the control document, besides the request bodies. */
export const CONTROL_NAMED_SCHEMAS = {
  Reset: resetSchema,
  Clock: clockSchema,
  FaultAnswer: faultAnswerSchema,
  FaultList: faultListSchema,
  ControlPayout: controlPayoutSchema,
  TextList: textListSchema,
  DeliveryList: deliveryListSchema,
  RequestList: requestListSchema,
  NewTeam: newTeamSchema,
  WhiteLabel: whiteLabelSchema,
  Revoked: revokedSchema,
  OAuthClient: oauthClientSchema,
  Variance: varianceSchema,
  EmulatorIdentity: emulatorIdentitySchema,
} as const

const PAYOUT_V2_EXAMPLE = 'payout_0b7d6c1e-3a52-4f0e-9d7c-5e2f8a1b4c3d'

const payoutId: PathParameter = {
  name: 'id',
  description: 'The payout: its v2 id (`payout_` + UUID) or its v1 UUID; the answer is in the same generation.',
  schema: pathId,
  example: PAYOUT_V2_EXAMPLE,
}
const teamId: PathParameter = {
  name: 'id',
  description: 'The team UUID.',
  schema: pathId,
  example: '3f9a1c2e-5b7d-4e8f-9a0b-1c2d3e4f5a6b',
}

/** The document itself, as `GET /_emulator/openapi.json` answers it. */
const openApiObject = z.looseObject({openapi: z.string()})

const claimErrors = ['NOT_FOUND', 'INVALID_STATE', 'INSUFFICIENT_BALANCE', 'VERIFICATION_REQUIRED'] as const

const controlPayout = {
  status: 200,
  description: 'The payout, in the generation of `id`.',
  schema: controlPayoutSchema,
} as const

const varianceMode = {status: 200, description: 'The mode.', schema: varianceSchema} as const

/** A control route: no credentials and no scopes, this machine only (the router's `loopback` access). */
const control = <const Row extends Omit<Operation, 'auth' | 'scopes'>>(row: Row) =>
  ({...row, auth: 'control', scopes: []}) as const

const CONTROL_ROWS = [
  control({
    operationId: 'resetEmulator',
    method: 'post',
    path: '/_emulator/reset',
    tag: 'Emulator',
    summary:
      'Empty the database and seed it again (same well-known keys); the clock returns to real time, faults, texts and the request log are cleared.',
    success: {status: 200, description: 'The seed: the main team, its keys and the other team.', schema: resetSchema},
  }),
  control({
    operationId: 'getClock',
    method: 'get',
    path: '/_emulator/clock',
    tag: 'Clock',
    summary: "The emulator's time and how far it is ahead of real time.",
    success: {status: 200, description: 'The clock.', schema: clockSchema},
  }),
  control({
    operationId: 'advanceClock',
    method: 'post',
    path: '/_emulator/clock',
    tag: 'Clock',
    summary:
      'Move the clock forward (at most 100 years in total); payout expiries and webhook retries that became due run before the answer.',
    body: {schemas: ['advanceClockBody']},
    success: {status: 200, description: 'The clock, and how many payouts expired.', schema: clockSchema},
  }),
  control({
    operationId: 'addFault',
    method: 'post',
    path: '/_emulator/faults',
    tag: 'Faults',
    summary:
      'The next `count` API requests whose method matches (`*`: any) and whose path starts with `path` get `action`.',
    body: {schemas: ['faultInputBody']},
    success: {status: 200, description: 'The fault, as registered.', schema: faultAnswerSchema},
  }),
  control({
    operationId: 'listFaults',
    method: 'get',
    path: '/_emulator/faults',
    tag: 'Faults',
    summary: 'The faults still waiting for requests.',
    success: {status: 200, description: 'The faults.', schema: faultListSchema},
  }),
  control({
    operationId: 'clearFaults',
    method: 'delete',
    path: '/_emulator/faults',
    tag: 'Faults',
    summary: 'Remove every fault.',
    success: {status: 200, description: 'No faults.', schema: faultListSchema},
  }),
  control({
    operationId: 'claimPayout',
    method: 'post',
    path: '/_emulator/payouts/{id}/claim',
    tag: 'Recipients',
    summary:
      'The recipient claims, as on the claim page: an approved payout is requested and settles at once (a method failure trigger declines it); a created one keeps the method until it is approved.',
    pathParameters: [payoutId],
    body: {schemas: ['claimBody']},
    success: controlPayout,
    errors: claimErrors,
  }),
  control({
    operationId: 'expirePayout',
    method: 'post',
    path: '/_emulator/payouts/{id}/expire',
    tag: 'Recipients',
    summary: "Move a created or approved payout's expiry to now and run it: the payout becomes expired.",
    pathParameters: [payoutId],
    success: controlPayout,
    errors: ['NOT_FOUND', 'INVALID_STATE'],
  }),
  control({
    operationId: 'listTexts',
    method: 'get',
    path: '/_emulator/texts',
    tag: 'Recipients',
    summary: "The text messages the emulator would have sent (a phone recipient's sign-in codes), newest last.",
    query: textsQuery,
    success: {status: 200, description: 'The messages.', schema: textListSchema},
  }),
  control({
    operationId: 'listDeliveries',
    method: 'get',
    path: '/_emulator/webhooks/deliveries',
    tag: 'Webhooks',
    summary: 'Every webhook delivery attempt, oldest first, after the attempts due now have finished.',
    success: {status: 200, description: 'The attempts.', schema: deliveryListSchema},
  }),
  control({
    operationId: 'listRequests',
    method: 'get',
    path: '/_emulator/requests',
    tag: 'Emulator',
    summary:
      'The requests the emulator answered (not its control routes), oldest first, the last 1,000: time, method, path, status (null when none was sent), milliseconds and request id; secrets in paths and queries show as "…".',
    query: requestsQuery,
    success: {status: 200, description: 'The log.', schema: requestListSchema},
  }),
  control({
    operationId: 'createTeam',
    method: 'post',
    path: '/_emulator/teams',
    tag: 'Teams',
    summary: 'A new team with a wallet (unless `wallet: false`) and one API key with `scopes`.',
    body: {schemas: ['createTeamBody']},
    success: {status: 200, description: 'The team and its key.', schema: newTeamSchema},
  }),
  control({
    operationId: 'setWhiteLabel',
    method: 'post',
    path: '/_emulator/teams/{id}/white-label',
    tag: 'Teams',
    summary: "Switch a team's white-label feature on or off (session `branding: team` and `platform` need it).",
    pathParameters: [teamId],
    body: {schemas: ['whiteLabelBody']},
    success: {status: 200, description: 'The feature as it now is.', schema: whiteLabelSchema},
    errors: ['NOT_FOUND'],
  }),
  control({
    operationId: 'revokeKey',
    method: 'post',
    path: '/_emulator/keys/revoke',
    tag: 'Teams',
    summary: 'Revoke an API key, as a team member would in the dashboard: it then answers 401.',
    body: {schemas: ['revokeKeyBody']},
    success: {status: 200, description: 'The key is revoked.', schema: revokedSchema},
    errors: ['NOT_FOUND'],
  }),
  control({
    operationId: 'createOAuthClient',
    method: 'post',
    path: '/_emulator/oauth/clients',
    tag: 'Teams',
    summary:
      'An OAuth client as an administrator creates it in the dashboard: public or confidential (the secret is answered once), with its scopes and redirect URIs, for a team (default: the main team).',
    body: {schemas: ['oauthClientBody']},
    success: {status: 200, description: 'The client.', schema: oauthClientSchema},
  }),
  control({
    operationId: 'getVariance',
    method: 'get',
    path: '/_emulator/variance',
    tag: 'Variance',
    summary: 'Whether variance mode is on, and its seed.',
    success: varianceMode,
  }),
  control({
    operationId: 'setVariance',
    method: 'post',
    path: '/_emulator/variance',
    tag: 'Variance',
    summary: 'Switch variance mode on or off; a reset leaves it as it is.',
    body: {schemas: ['varianceBody']},
    success: varianceMode,
  }),
  control({
    operationId: 'getControlDocument',
    method: 'get',
    path: '/_emulator/openapi.json',
    tag: 'Emulator',
    summary: 'This document.',
    success: {status: 200, description: 'The OpenAPI document of the control routes.', schema: openApiObject},
  }),
  {
    operationId: 'getEmulatorIdentity',
    method: 'get',
    path: EMULATOR_IDENTITY_PATH,
    tag: 'Emulator',
    auth: 'none',
    scopes: [],
    summary:
      "Who answers: a payctl emulator, its process id, and the HMAC of `nonce` under the token its `emulator start` keeps in the user's data folder (null without one).",
    query: z.object({nonce: z.optional(z.string())}),
    success: {status: 200, description: 'The identity.', schema: emulatorIdentitySchema},
    errors: ['VALIDATION_ERROR'],
  },
] as const satisfies readonly Operation[]

type ControlRow = (typeof CONTROL_ROWS)[number]
export type ControlOperationId = ControlRow['operationId']

/** The control rows by operation id, each with its literal type: `controlOperations.advanceClock`. */
export const controlOperations = byId(CONTROL_ROWS)

/** The control rows in the document's order. */
export const CONTROL_OPERATIONS: readonly Operation[] = CONTROL_ROWS
