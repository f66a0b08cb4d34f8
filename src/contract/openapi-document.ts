import * as z from 'zod/mini'
import {CONTROL_COMMON_ERRORS} from './control-operations.js'
import {discriminated, forGenerators, inGeneratorForms} from './document-forms.js'
import {documentNotes} from './document-notes.js'
import {ERROR_STATUS, type ErrorCode, HTTP_LAYER_ERRORS, RETRY_AFTER_STATUSES} from './error-envelope.js'
import {oauthErrorSchema} from './oauth-bodies.js'
import {bodySchemasOf, REQUEST_SCHEMAS, type RequestSchema} from './operation-bodies.js'
import {OPERATION_EXAMPLES, type OperationExample, pathIdExample} from './operation-examples.js'
import {COMMON_ERRORS, NAMED_LISTS, NAMED_SCHEMAS, OPERATIONS, type Operation, TAGS} from './operations.js'
import {RECIPIENT_SCHEMAS} from './requests/payout-v2-requests.js'
import {idempotencyKeyHeader} from './requests/request-fields.js'
import {payoutEventV1Schema, payoutEventV2Schema} from './responses.js'
import {webhooks} from './webhook-deliveries.js'

/**
 * The OpenAPI 3.1 document of the service as payctl reads it, made from the contract: a walk over OPERATIONS,
 * with every schema converted by zod's own JSON Schema output. `npm run openapi` writes it to docs/openapi.json;
 * the emulator serves it at `GET /api/openapi.json`.
 */

export type Json = Record<string, unknown>

const DECISION = 'x-payctl-decision'
export const ref = (name: string) => ({$ref: `#/components/schemas/${name}`})
const pascal = (name: string) => name[0].toUpperCase() + name.slice(1)

/** The bodies of webhook deliveries (the document's `webhooks`) and the OAuth endpoints' error. */
const OTHER_SCHEMAS = {
  PayoutEventV1: payoutEventV1Schema,
  PayoutEventV2: payoutEventV2Schema,
  OAuthError: oauthErrorSchema,
}

/**
 * Every named schema (answers in `named`, the bodies of `requestSchemas` and the request parts of `inputs`),
 * converted at once so that a named schema inside another becomes a `$ref`.
 */
export function componentSchemas(
  named: Record<string, z.ZodMiniType>,
  requestSchemas: readonly RequestSchema[],
  inputs: Record<string, z.ZodMiniType> = {},
): {schemas: Record<string, Json>; nameOf: Map<z.ZodMiniType, string>} {
  const nameOf = new Map<z.ZodMiniType, string>()
  const convert = (named: Record<string, z.ZodMiniType>, io: 'input' | 'output') => {
    const registry = z.registry<{id: string}>()
    for (const [name, schema] of Object.entries(named)) {
      registry.add(schema, {id: name})
      nameOf.set(schema, name)
    }
    const {schemas} = z.toJSONSchema(registry, {io, uri: id => `#/components/schemas/${id}`, metadata: documentNotes})
    return Object.fromEntries(Object.entries(schemas).map(([name, {$schema: _, $id: __, ...schema}]) => [name, schema]))
  }
  const requests = Object.fromEntries(
    requestSchemas.filter(request => request.part !== 'query').map(request => [pascal(request.name), request.schema]),
  )
  const schemas = forGenerators({...convert(named, 'output'), ...convert({...requests, ...inputs}, 'input')})
  return {schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))), nameOf}
}

/** A header's or path parameter's schema as the document states it (no `$schema` of its own). */
export function parameterSchema(schema: z.ZodMiniType): Json {
  const {$schema: _, ...json} = z.toJSONSchema(schema, {io: 'input', metadata: documentNotes}) as Json
  return inGeneratorForms(json)
}

function queryParameters(query: z.ZodMiniObject, examples: Record<string, unknown> = {}): Json[] {
  const schema = z.toJSONSchema(query, {io: 'input', metadata: documentNotes}) as {
    properties?: Record<string, Json>
    required?: string[]
  }
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: schema.required?.includes(name) ?? false,
    ...(property.type === 'array' ? {style: 'form', explode: true} : {}),
    schema: inGeneratorForms(property),
    ...(examples[name] === undefined ? {} : {example: examples[name]}),
  }))
}

/** The error codes an operation answers: those of its kind of access, then its own. */
const errorCodesOf = (operation: Operation): ErrorCode[] => {
  const common = operation.auth === 'none' ? [] : operation.auth === 'control' ? CONTROL_COMMON_ERRORS : COMMON_ERRORS
  return [...new Set([...common, ...(operation.errors ?? [])])]
}

const CONTROL_ACCESS =
  'No credentials: answers only to this machine, or to another host that sends the control token (`x-emulator-control-token`, `payctl emulator start --control-token`).'

/** What an operation needs and answers beyond its summary: credentials, the idempotency key, the error codes. */
function descriptionOf(operation: Operation): string {
  const codes = errorCodesOf(operation)
  return [
    operation.summary,
    operation.auth === 'none'
      ? 'No credentials.'
      : operation.auth === 'control'
        ? CONTROL_ACCESS
        : `Needs a bearer token (a team API key or an OAuth access token, spec 5)${
            operation.scopes.length ? ` with scope ${operation.scopes.map(scope => `\`${scope}\``).join(', ')}` : ''
          }.`,
    operation.idempotent
      ? 'Takes an `idempotency-key` header: the same key on this endpoint within 24 hours replays the stored answer.'
      : '',
    codes.length ? `Error codes: ${codes.join(', ')}.` : '',
    operation.decision ? `Decided by payctl (DESIGN.md), the spec leaves it open: ${operation.decision}` : '',
  ]
    .filter(Boolean)
    .join('\n\n')
}

const errorResponse = (codes: readonly string[]) => ({
  description: `An error envelope; \`error.code\`: ${codes.join(', ')}. Clients classify by status and code.`,
  content: {'application/json': {schema: ref('ErrorEnvelope')}},
})

/** Whether the service's HTTP layer may answer `status` (HTTP_LAYER_ERRORS) to a request of this operation. */
function answersFromHttpLayer(operation: Operation, status: number): boolean {
  if (status === 413) return operation.body !== undefined
  if (status === 415)
    return operation.body !== undefined && !operation.body.anyContentType && operation.body.mediaType === undefined
  // Injected faults never reach a control route: of the rest, only the emulator's own failure does.
  if (operation.auth === 'control') return status === 500
  return true
}

const retryAfter = {'Retry-After': {$ref: '#/components/headers/RetryAfter'}}

/**
 * The error answers of an operation, one per status, naming the codes that come with it: its own, then those of
 * the service's HTTP layer (a body too large or of another type, too many requests, a failure of the service or a
 * gateway).
 */
function errorResponses(operation: Operation): Record<string, Json> {
  const codes = errorCodesOf(operation)
  const byStatus = new Map<number, string[]>()
  for (const code of codes) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code])
  for (const [status, code] of Object.entries(HTTP_LAYER_ERRORS))
    if (answersFromHttpLayer(operation, Number(status)) && !byStatus.has(Number(status)))
      byStatus.set(Number(status), [code])
  const responses: Record<string, Json> = {}
  if (operation.auth === 'none' && operation.body)
    responses['400'] = {
      description: 'An OAuth error (RFC 6749 section 5.2, RFC 7591 section 3.2.2): `error` names it.',
      content: {'application/json': {schema: ref('OAuthError')}},
    }
  if (operation.authenticatesClient)
    responses['401'] = {
      description: 'An OAuth error `invalid_client` (RFC 6749 section 5.2): the client could not be authenticated.',
      headers: {
        'WWW-Authenticate': {description: 'The scheme to authenticate with: `Basic`.', schema: {type: 'string'}},
      },
      content: {'application/json': {schema: ref('OAuthError')}},
    }
  for (const [status, statusCodes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] = errorResponse(statusCodes)
    if (RETRY_AFTER_STATUSES.includes(status)) responses[String(status)].headers = retryAfter
  }
  return responses
}

function operationObject(
  operation: Operation,
  nameOf: Map<z.ZodMiniType, string>,
  schemas: Record<string, Json>,
  examples: Readonly<Record<string, OperationExample>>,
): Json {
  const schemaOf = (schema: z.ZodMiniType): Json => {
    const name = nameOf.get(schema)
    return name ? ref(name) : inGeneratorForms(z.toJSONSchema(schema, {io: 'output', metadata: documentNotes}) as Json)
  }
  const example = examples[operation.operationId]
  const parameters = [
    ...(operation.pathParameters ?? []).map(({name, description, schema, example: value}) => ({
      name,
      in: 'path',
      required: true,
      description,
      schema: parameterSchema(schema),
      example: value ?? pathIdExample(operation.path),
    })),
    ...(operation.query ? queryParameters(operation.query, example?.query) : []),
    ...(operation.idempotent ? [{$ref: '#/components/parameters/IdempotencyKey'}] : []),
  ]
  const body = operation.body
  const bodySchemas = bodySchemasOf(operation).map(schemaOf)
  const success: Json = {
    description: operation.success.description,
    content: {'application/json': {schema: schemaOf(operation.success.schema)}},
  }
  if (operation.idempotent) success.headers = {'Idempotent-Replayed': {$ref: '#/components/headers/IdempotentReplayed'}}
  return {
    operationId: operation.operationId,
    tags: [operation.tag],
    summary: operation.summary,
    description: descriptionOf(operation),
    ...(operation.decision ? {[DECISION]: true} : {}),
    ...(operation.auth === 'none' ? {security: []} : {}),
    ...(parameters.length ? {parameters} : {}),
    ...(body
      ? {
          requestBody: {
            required: body.required ?? true,
            content: {
              [body.mediaType ?? 'application/json']: {
                schema: bodySchemas.length === 1 ? bodySchemas[0] : discriminated({oneOf: bodySchemas}, schemas),
                ...(example?.body ? {example: example.body} : {}),
              },
            },
          },
        }
      : {}),
    responses: {[String(operation.success.status)]: success, ...errorResponses(operation)},
  }
}

/** The document's `paths`: each row's operation object under its path and method. */
export function pathsOf(
  rows: readonly Operation[],
  components: {schemas: Record<string, Json>; nameOf: Map<z.ZodMiniType, string>},
  examples: Readonly<Record<string, OperationExample>>,
): Record<string, Record<string, Json>> {
  const {schemas, nameOf} = components
  const paths: Record<string, Record<string, Json>> = {}
  for (const operation of rows)
    paths[operation.path] = {
      ...paths[operation.path],
      [operation.method]: operationObject(operation, nameOf, schemas, examples),
    }
  return paths
}

/** The response headers the document names (`#/components/headers/...`), shared by the control document. */
export const RESPONSE_HEADERS = {
  IdempotentReplayed: {
    description: '`true` when the answer is a replay of an earlier request with the same key.',
    schema: {type: 'string', enum: ['true']},
  },
  RetryAfter: {
    description: 'Seconds to wait before the next request (or the HTTP date to wait for).',
    [DECISION]: true,
    schema: {type: 'string'},
  },
}

/** Who answers for both documents (the API's and the control routes'), and where the emulator serves them. */
export const DOCUMENT_OWNER = {
  contact: {name: 'The payctl maintainers'},
  license: {name: 'MIT', identifier: 'MIT'},
}
export const EMULATOR_SERVERS = [{url: 'http://127.0.0.1:4010', description: 'The payctl emulator on its default port'}]

export function openApiDocument(): Json {
  const components = componentSchemas(
    {...NAMED_SCHEMAS, ...NAMED_LISTS, ...OTHER_SCHEMAS},
    REQUEST_SCHEMAS,
    RECIPIENT_SCHEMAS,
  )
  const {schemas} = components
  const paths = pathsOf(OPERATIONS, components, OPERATION_EXAMPLES)
  return {
    openapi: '3.1.0',
    info: {
      title: 'Payout Service API (as payctl reads it)',
      version: '1.0.0',
      summary: "The payout service's API in both generations, generated from payctl's contract (src/contract).",
      description: [
        'This document describes the payctl emulator (`payctl emulator start`), which serves it at',
        '`GET /api/openapi.json`. It follows the service specification; where the specification leaves a',
        'point open and payctl decides it (DESIGN.md), the operation carries `x-payctl-decision: true` and a',
        'description line saying what was decided. Request schemas carry every rule the emulator checks on its',
        'own; what the service decides (the currencies it settles, amount bounds, countries, payment methods, tax',
        'fields, IBAN check digits) it publishes at GET /api/v2/countries and GET /api/v2/payment-method-types or',
        'answers with a 400. Answers are loose: unknown fields may appear and must be ignored, and an `enum` in an',
        'answer lists the values of today: a new value is not a breaking change (spec 9). docs/contract.md says',
        'how to generate a client from it.',
      ].join('\n'),
      ...DOCUMENT_OWNER,
    },
    servers: EMULATOR_SERVERS,
    security: [{bearerAuth: []}],
    tags: Object.entries(TAGS).map(([name, description]) => ({name, description})),
    paths,
    webhooks: webhooks(ref),
    components: {
      securitySchemes: {
        bearerAuth: {type: 'http', scheme: 'bearer', description: 'A team API key or an OAuth access token.'},
      },
      parameters: {
        IdempotencyKey: {
          name: 'idempotency-key',
          in: 'header',
          required: false,
          description: 'The same key on the same endpoint within 24 hours replays the stored answer.',
          schema: parameterSchema(idempotencyKeyHeader),
        },
      },
      headers: RESPONSE_HEADERS,
      schemas: {
        ...schemas,
        ErrorEnvelope: {
          ...schemas.ErrorEnvelope,
          description:
            'The error body of both generations; its shape beyond `code`, `data` and `index` is decided by payctl (DESIGN.md).',
          [DECISION]: true,
        },
      },
    },
  }
}

/** The document as `npm run build` writes docs/openapi.json and the emulator serves it: these exact bytes. */
export const openApiText = (): string => `${JSON.stringify(openApiDocument(), null, 2)}\n`
