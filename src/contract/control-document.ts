import {controlDeliverySchema, faultSchema} from './control-bodies.js'
import {CONTROL_NAMED_SCHEMAS, CONTROL_OPERATIONS, CONTROL_TAGS} from './control-operations.js'
import {errorEnvelopeSchema} from './error-envelope.js'
import {
  componentSchemas,
  DOCUMENT_OWNER,
  EMULATOR_SERVERS,
  type Json,
  pathsOf,
  RESPONSE_HEADERS,
} from './openapi-document.js'
import {requestSchemasOf} from './operation-bodies.js'
import type {OperationExample} from './operation-examples.js'
import {payoutV1Schema, payoutV2Schema} from './responses.js'

/**
 * The OpenAPI 3.1 document of the emulator's control plane, made from the control table (control-operations.ts)
 * as openapi-document.ts makes the API's from the operations table. `npm run openapi` writes it to
 * docs/emulator-openapi.json; the emulator serves it at `GET /_emulator/openapi.json`.
 */

/** An example request of every control route that takes input: the document shows them, a test checks them. */
export const CONTROL_EXAMPLES: Readonly<Record<string, OperationExample>> = {
  advanceClock: {body: {advanceSeconds: 86400}},
  addFault: {body: {method: 'POST', path: '/api/v2/payouts', count: 2, action: 'status', status: 503}},
  claimPayout: {
    body: {method: 'bank-iban', details: {accountHolderName: 'Ada Lovelace', iban: 'DE89370400440532013000'}},
  },
  listTexts: {query: {to: '+15555550123'}},
  listRequests: {query: {after: 120}},
  createTeam: {body: {name: 'Second Studio Ltd', scopes: ['team:read', 'payouts:read', 'payouts:write']}},
  setWhiteLabel: {body: {enabled: false}},
  revokeKey: {body: {key: 'sk_sandbox_6f0b2c9d8e7a41f3b5c2d1e0f9a8b7c6d5e4f3a2'}},
  createOAuthClient: {
    body: {name: 'Partner platform', redirectUris: ['https://platform.example.com/callback'], confidential: true},
  },
  setVariance: {body: {enabled: true, seed: '42'}},
  getEmulatorIdentity: {query: {nonce: '9f86d081884c7d659a2feaa0c55ad015'}},
}

/** The API's schemas the control answers name. */
const SHARED_SCHEMAS = {
  ErrorEnvelope: errorEnvelopeSchema,
  PayoutV1: payoutV1Schema,
  PayoutV2: payoutV2Schema,
  Fault: faultSchema,
  ControlDelivery: controlDeliverySchema,
}

export function controlDocument(): Json {
  const components = componentSchemas(
    {...CONTROL_NAMED_SCHEMAS, ...SHARED_SCHEMAS},
    requestSchemasOf(CONTROL_OPERATIONS),
  )
  return {
    openapi: '3.1.0',
    info: {
      title: 'payctl emulator control API',
      version: '1.0.0',
      summary: "The local emulator's own routes, for tests and demos: fund, move the clock, inject faults, claim.",
      description: [
        'The routes a test uses to drive the payctl emulator (`payctl emulator start`) beside the API of',
        '`GET /api/openapi.json`: reset it, move its clock, inject faults into the API, claim a payout as its',
        'recipient, read the webhook deliveries and text messages it sent, create teams, keys and OAuth clients.',
        'They take no credentials and answer only to this machine (403 to another host, unless it sends the',
        'control token the emulator was started with: `--control-token`); with `--no-control` they answer 404.',
        "Injected faults never touch them. Funding is the API's own `POST /api/v2/team/sandbox-deposit`.",
        'Control bodies refuse unknown fields (`setWhiteLabel` and `setVariance` ignore them), so that a typo in a',
        "test's set-up is caught. The emulator serves this document at `GET /_emulator/openapi.json`; docs/emulator.md",
        'describes each route.',
      ].join('\n'),
      ...DOCUMENT_OWNER,
    },
    servers: EMULATOR_SERVERS,
    security: [{}, {controlToken: []}],
    tags: Object.entries(CONTROL_TAGS).map(([name, description]) => ({name, description})),
    paths: pathsOf(CONTROL_OPERATIONS, components, CONTROL_EXAMPLES),
    components: {
      securitySchemes: {
        controlToken: {
          type: 'apiKey',
          in: 'header',
          name: 'x-emulator-control-token',
          description: 'Only from another host, when the emulator was started with `--control-token`.',
        },
      },
      headers: {RetryAfter: RESPONSE_HEADERS.RetryAfter},
      schemas: components.schemas,
    },
  }
}

/** The document as `npm run build` writes docs/emulator-openapi.json and the emulator serves it: these bytes. */
export const controlDocumentText = (): string => `${JSON.stringify(controlDocument(), null, 2)}\n`
