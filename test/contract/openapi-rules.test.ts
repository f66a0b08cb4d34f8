import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {Ajv2020} from 'ajv/dist/2020.js'
import formats from 'ajv-formats'
import {describe, expect, it} from 'vitest'
import * as z from 'zod/mini'
import {V1_STATES, V2_STATES} from '../../src/contract/lifecycle.js'
import {bodySchemasOf} from '../../src/contract/operation-bodies.js'
import {fillPath} from '../../src/contract/operation-path.js'
import {OPERATIONS} from '../../src/contract/operations.js'
import {checkRequest} from '../../src/contract/request-problems.js'
import {payoutV1Schema, payoutV2Schema} from '../../src/contract/responses.js'
import {ROOT} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'

/**
 * What docs/openapi.json tells an integrator, read with Ajv as an integrator's validator reads it: the rules the
 * contract checks, closed status enums, bounds and defaults, deprecated fields, webhooks, an example of every
 * input; and the emulator serves exactly these bytes.
 */

const text = readFileSync(join(ROOT, 'docs', 'openapi.json'), 'utf8')
const document = JSON.parse(text)
const schemas = document.components.schemas
const ajv = new Ajv2020({strict: false, validateSchema: false})
;(formats as unknown as typeof formats.default)(ajv)
ajv.addSchema(document, 'openapi.json')
const validator = (name: string) => ajv.compile({$ref: `openapi.json#/components/schemas/${name}`})
const ctx = useEmulator({reset: false})
/** A JSON pointer into the document (RFC 6901, URI-encoded for a `$ref`). */
const pointer = (...segments: string[]) =>
  segments.map(segment => `/${encodeURIComponent(segment.replaceAll('~', '~0').replaceAll('/', '~1'))}`).join('')

type Operation = {
  description?: string
  parameters?: Array<{name: string; in: string; schema?: object; example?: unknown; $ref?: string}>
  requestBody?: {content: Record<string, {schema: {$ref?: string}; example?: unknown}>}
}
const operations = Object.values(document.paths).flatMap(item => Object.values(item as Record<string, Operation>))

const payoutV2 = {
  description: 'Invoice 117',
  amount: '12.50',
  currency: 'EUR',
  recipient: {type: 'email', email: 'a@b.co'},
}
const counterparty = {
  identity: {type: 'individual', firstName: 'Rita', lastName: 'Recipient'},
  address: {line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE'},
}

type Row = (typeof OPERATIONS)[number]

/** Path parameters each have an example, an operation with parameters at least one, and Ajv accepts each. */
function checkParameterExamples(row: Row): void {
  const operation = document.paths[row.path][row.method] as Operation
  const parameters = (operation.parameters ?? []).filter(parameter => !parameter.$ref)
  for (const parameter of parameters) {
    const named = `${row.operationId} ${parameter.name}`
    if (parameter.in === 'path') expect(parameter.example, named).toBeDefined()
    if (parameter.example !== undefined) expect(ajv.validate(parameter.schema!, parameter.example), named).toBe(true)
  }
  if (parameters.length)
    expect(
      parameters.some(parameter => parameter.example !== undefined),
      row.operationId,
    ).toBe(true)
}

/** A body has an example that the document (Ajv) and the contract's schema both accept. */
function checkBodyExample(row: Row): void {
  const operation = document.paths[row.path][row.method] as Operation
  if (!operation.requestBody) return
  const [[mediaType, {example}]] = Object.entries(operation.requestBody.content)
  expect(example, row.operationId).toBeDefined()
  const at = pointer('paths', row.path, row.method, 'requestBody', 'content', mediaType, 'schema')
  expect(ajv.validate({$ref: `openapi.json#${at}`}, example), row.operationId).toBe(true)
  expect(
    bodySchemasOf(row).some(request => checkRequest(request, example).ok),
    row.operationId,
  ).toBe(true)
}

describe('docs/openapi.json', () => {
  it('is the bytes the emulator serves at GET /api/openapi.json', async () => {
    const res = await fetch(`${ctx.url}/api/openapi.json`)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await res.text()).toBe(text)
  })

  it('refuses what the contract refuses in request bodies (the 15 bodies of issue 39 and more)', () => {
    const v1 = validator('CreatePayoutV1Body')
    const v2 = validator('CreatePayoutV2Body')
    const cp = validator('CreateCounterpartyBody')
    const v1Body = {description: 'x', payoutAmount: '12.50', currency: 'EUR'}
    expect([v1(v1Body), v2(payoutV2), cp(counterparty)]).toEqual([true, true, true])
    const refusedV1 = [
      {payoutAmount: '12,34'},
      {payoutAmount: '1e3'},
      {payoutAmount: '-5.00'},
      {payoutAmount: '12.345'},
      {description: 'x'.repeat(1001)},
      {description: 'a\u001bb'},
      {customId: 'x'.repeat(256)},
      {tags: ['x'.repeat(101)]},
      {tags: Array(51).fill('t')},
      {currency: 'eur'},
      {email: 'nope'},
      {handleType: ''},
    ]
    for (const change of refusedV1) expect(v1({...v1Body, ...change}), JSON.stringify(change)).toBe(false)
    const {recipient: _, ...neither} = payoutV2
    expect(v2(neither), 'neither recipient nor counterpartyId').toBe(false)
    expect(v2({...payoutV2, counterpartyId: 'counterparty_6f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0'}), 'both').toBe(false)
    expect(v2({...payoutV2, recipient: {type: 'email', email: 'not-an-email'}})).toBe(false)
    expect(
      v2({...payoutV2, recipient: {type: 'email', phone: '+4915112345678'}}),
      'an e-mail recipient without one',
    ).toBe(false)
    const refusedCounterparty = [
      {paymentMethod: {type: 'bank_iban', currency: 'EUR', iban: 'not an iban'}},
      {email: 'nope'},
      {taxIdentity: {dateOfBirth: '1990-13-45'}},
      {address: {...counterparty.address, country: 'DEU'}},
    ]
    for (const change of refusedCounterparty)
      expect(cp({...counterparty, ...change}), JSON.stringify(change)).toBe(false)
    expect(cp({...counterparty, taxIdentity: {dateOfBirth: '2000-02-29'}, email: 'rita@example.com'})).toBe(true)
  })

  it('refuses in every path parameter what the emulator refuses there, and takes what it looks up', async () => {
    const samples = [
      'a\u001bb',
      'line\nbreak',
      'bidi\u202eexe',
      'x'.repeat(256),
      '\u{1F3AC}'.repeat(256),
      '\u{1F3AC}'.repeat(255),
      'caf\u00e9 42',
      'payout_0b7d6c1e-3a52-4f0e-9d7c-5e2f8a1b4c3d',
    ]
    const rows = OPERATIONS.filter(row => row.pathParameters?.length)
    expect(rows.length).toBeGreaterThanOrEqual(10)
    for (const row of rows) {
      const parameter = (document.paths[row.path][row.method] as Operation).parameters!.find(p => p.in === 'path')!
      for (const id of samples) {
        const label = `${row.operationId} ${JSON.stringify(id.slice(0, 12))}`
        const res = await ctx.api.call(row.method.toUpperCase(), fillPath(row.path, {id}), {
          query: {id_type: 'custom_id'},
        })
        const refused = res.status === 400 && res.body.error.details.some((d: {path: string}) => d.path === 'id')
        expect(ajv.validate(parameter.schema!, id), `${label}: ${res.status} ${res.text}`).toBe(!refused)
      }
    }
  })

  it("types statuses and action as the spec's closed enums, while payctl's parser takes a new value", () => {
    expect(schemas.PayoutV1.properties.status.enum).toEqual([...V1_STATES])
    expect(schemas.PayoutV2.properties.status.enum).toEqual([...V2_STATES])
    expect(schemas.PayoutV1.properties.action.enum).toEqual(['created', 'updated'])
    expect(z.safeParse(payoutV1Schema, {id: 'x', status: 'paused', action: 'merged'}).success).toBe(true)
    expect(z.safeParse(payoutV2Schema, {id: 'payout_x', status: 'on_hold'}).success).toBe(true)
    // payctl's own published schemas (MCP tools' output, --schema) convert without the document's notes: open.
    const published = z.toJSONSchema(payoutV2Schema, {io: 'output'})
    expect(published.properties?.status).toEqual({type: 'string'})
  })

  it('bounds the list parameters and gives their defaults (spec 4.1, 4.5b, 8)', () => {
    const parameter = (id: string, name: string) =>
      (document.paths[OPERATIONS.find(o => o.operationId === id)!.path].get as Operation).parameters!.find(
        p => p.name === name,
      )!.schema
    expect(parameter('listPayoutsV1', 'offset')).toEqual({
      type: 'integer',
      minimum: 0,
      maximum: 9007199254740991,
      default: 0,
    })
    expect(parameter('listPayoutsV1', 'limit')).toEqual({type: 'integer', minimum: 1, maximum: 100, default: 50})
    expect(parameter('listPayoutsV1', 'order_direction')).toMatchObject({enum: ['asc', 'desc'], default: 'desc'})
    expect(parameter('listTransactions', 'limit')).toEqual({type: 'integer', minimum: 1, maximum: 100, default: 20})
  })

  it('lists the deprecated fields and marks them (spec 9)', () => {
    const deprecated = (schema: string, field: string) => schemas[schema].properties[field]?.deprecated
    expect(deprecated('PayoutV1', 'uuid')).toBe(true)
    expect(deprecated('PayoutV1', 'url')).toBe(true)
    expect(deprecated('PayoutV1', 'handleType')).toBe(true)
    expect(deprecated('TeamV1', 'teamUuid')).toBe(true)
    expect(deprecated('CreatePayoutV1Body', 'handleType')).toBe(true)
    expect(deprecated('PayoutSessionBody', 'whitelabel')).toBe(true)
  })

  it('describes webhook deliveries: the body and the two signature headers (spec 6)', () => {
    for (const [name, body] of [
      ['payoutEvent', 'PayoutEventV1'],
      ['payoutSettlementEvent', 'PayoutEventV2'],
    ]) {
      const post = document.webhooks[name].post
      expect(post.parameters.map((p: {name: string; in: string}) => `${p.in} ${p.name}`)).toEqual([
        'header X-Service-Signature',
        'header X-Service-Timestamp',
      ])
      expect(post.requestBody.content['application/json'].schema).toEqual({$ref: `#/components/schemas/${body}`})
      expect(validator(body)(post.requestBody.content['application/json'].example)).toBe(true)
    }
  })

  it('gives every operation a description and an example of its input that the document and the contract accept', () => {
    for (const operation of operations) expect(operation.description?.length).toBeGreaterThan(20)
    for (const row of OPERATIONS) {
      checkParameterExamples(row)
      checkBodyExample(row)
    }
  })
})
