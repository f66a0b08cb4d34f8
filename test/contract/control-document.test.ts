import {execFileSync} from 'node:child_process'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {Ajv2020} from 'ajv/dist/2020.js'
import formats from 'ajv-formats'
import {describe, expect, it} from 'vitest'
import {CONTROL_EXAMPLES} from '../../src/contract/control-document.js'
import {CONTROL_OPERATIONS} from '../../src/contract/control-operations.js'
import {ERROR_STATUS, HTTP_LAYER_ERRORS} from '../../src/contract/error-envelope.js'
import {bodySchemasOf, requestSchemasOf} from '../../src/contract/operation-bodies.js'
import {fillPath} from '../../src/contract/operation-path.js'
import type {Operation} from '../../src/contract/operations.js'
import {checkRequest} from '../../src/contract/request-problems.js'
import {buildRouter} from '../../src/emulator/route-table.js'
import {ROOT} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'

/**
 * docs/emulator-openapi.json, the document of the emulator's control routes, as docs/openapi.json is held to the
 * API (openapi-document.test.ts, openapi-rules.test.ts): current, served by the emulator, covering every control
 * route, with examples the contract accepts; and Ajv, reading it as an integrator's validator would, judges
 * control bodies as the emulator does.
 */

const committed = readFileSync(join(ROOT, 'docs', 'emulator-openapi.json'), 'utf8')
const document = JSON.parse(committed)
const ajv = new Ajv2020({strict: false, validateSchema: false})
;(formats as unknown as typeof formats.default)(ajv)
ajv.addSchema(document, 'control.json')
const ctx = useEmulator({reset: false})

type Parameter = {name: string; in: string; schema: object; example?: unknown}
type DocumentOperation = {
  description: string
  parameters?: Parameter[]
  requestBody?: {content: {'application/json': {schema: object; example?: unknown}}}
  responses: Record<string, {content?: object}>
}
const operationOf = (row: Operation): DocumentOperation => document.paths[row.path][row.method]
const bodyValidator = (row: Operation) =>
  ajv.compile({
    $ref: `control.json#/paths/${row.path.replaceAll('/', '~1')}/${row.method}/requestBody/content/application~1json/schema`,
  })

/** Bodies near the example: it, nothing, an unknown field, each field left out or of another JSON type or value. */
function variants(example: Record<string, unknown>): unknown[] {
  const others = [null, 'x', '7', 1.5, -1, true, {}]
  return [
    example,
    {},
    [],
    'text',
    {...example, unknownField: 1},
    ...Object.keys(example).flatMap(key => {
      const {[key]: _, ...without} = example
      return [without, ...others.map(value => ({...example, [key]: value}))]
    }),
  ]
}

/** The fields of a row's body schema that take an integer as a number or as its digits (`type: [number, string]`). */
function digitFields(row: Operation): Set<string> {
  const {$ref} = (operationOf(row).requestBody?.content['application/json'].schema ?? {}) as {$ref?: string}
  const schema = $ref ? document.components.schemas[$ref.split('/').pop() ?? ''] : undefined
  const properties: Record<string, {type?: unknown}> = schema?.properties ?? {}
  return new Set(
    Object.entries(properties)
      .filter(([, property]) => JSON.stringify(property.type) === '["number","string"]')
      .map(([name]) => name),
  )
}

/**
 * The body with the digits of an integer field as the number they name: the document bounds the number and says
 * the digits' bounds in words (JSON Schema cannot bound the number a string spells).
 */
const asNumbers = (body: unknown, fields: Set<string>) =>
  body && typeof body === 'object' && !Array.isArray(body)
    ? Object.fromEntries(
        Object.entries(body).map(([key, value]) => [
          key,
          fields.has(key) && typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value,
        ]),
      )
    : body

describe('docs/emulator-openapi.json', () => {
  it('is current: regenerating it changes nothing', () => {
    const regenerated = execFileSync(process.execPath, [join(ROOT, 'scripts', 'openapi.js'), '--print-control'], {
      encoding: 'utf8',
    })
    expect(regenerated).toBe(committed)
  })

  it('is the bytes the emulator serves at GET /_emulator/openapi.json, to this machine only', async () => {
    const res = await fetch(`${ctx.url}/_emulator/openapi.json`)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await res.text()).toBe(committed)
    expect(document.openapi).toBe('3.1.0')
    expect(document.paths['/_emulator/openapi.json'].get.operationId).toBe('getControlDocument')
  })

  it('has every control route the emulator serves, and none of the API', () => {
    const routes = buildRouter({} as never)
      .list()
      .filter(route => route.access.kind === 'loopback' || route.path === '/.well-known/payctl-emulator')
      .map(route => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`)
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item as object).map(method => `${method.toUpperCase()} ${path}`),
    )
    expect(documented.sort()).toEqual(routes.sort())
    expect(documented.some(route => route.includes('/api/'))).toBe(false)
    for (const name of ['reset', 'clock', 'faults', 'payouts/{id}/claim', 'texts', 'webhooks/deliveries', 'teams'])
      expect(Object.keys(document.paths), name).toContain(`/_emulator/${name}`)
  })

  it('has every request schema of the control table on its operation', () => {
    for (const request of requestSchemasOf(CONTROL_OPERATIONS)) {
      const operation = document.paths[request.path]?.[request.method.toLowerCase()]
      if (request.part === 'query') expect(operation.parameters.length, request.name).toBeGreaterThan(0)
      else
        expect(JSON.stringify(operation.requestBody), request.name).toContain(
          request.name.replace(/^./, c => c.toUpperCase()),
        )
    }
  })

  it('gives every error answer the error envelope, and says who may call', () => {
    const statuses = new Set([...Object.values(ERROR_STATUS).map(String), ...Object.keys(HTTP_LAYER_ERRORS)])
    for (const row of CONTROL_OPERATIONS) {
      const operation = operationOf(row)
      for (const [status, response] of Object.entries(operation.responses))
        if (status !== '200') {
          expect(statuses, `${row.operationId} ${status}`).toContain(status)
          expect(JSON.stringify(response.content)).toContain('#/components/schemas/ErrorEnvelope')
        }
      if (row.auth === 'control') {
        expect(Object.keys(operation.responses), row.operationId).toEqual(expect.arrayContaining(['400', '403', '404']))
        expect(operation.description).toContain('x-emulator-control-token')
      }
    }
    expect(document.components.securitySchemes.controlToken).toMatchObject({
      in: 'header',
      name: 'x-emulator-control-token',
    })
  })

  it('gives every operation a description and an example of its input that the document and the contract accept', () => {
    for (const row of CONTROL_OPERATIONS) {
      const operation = operationOf(row)
      expect(operation.description.length, row.operationId).toBeGreaterThan(20)
      for (const parameter of operation.parameters ?? []) {
        expect(parameter.example, `${row.operationId} ${parameter.name}`).toBeDefined()
        expect(ajv.validate(parameter.schema, parameter.example), `${row.operationId} ${parameter.name}`).toBe(true)
      }
      if (!row.body) continue
      const example = operation.requestBody?.content['application/json'].example
      expect(example, row.operationId).toEqual(CONTROL_EXAMPLES[row.operationId]?.body)
      expect(bodyValidator(row)(example), row.operationId).toBe(true)
      expect(checkRequest(bodySchemasOf(row)[0], example).ok, row.operationId).toBe(true)
    }
  })

  it('judges control bodies as the emulator does (Ajv against the emulator, body by body)', async () => {
    // Resources no one has: a valid body is then answered 404 (claim, white-label, revoke), not acted on.
    const params = {id: 'payout_6a0f7c1e-3a52-4f0e-9d7c-5e2f8a1b4c3d'}
    const rows = CONTROL_OPERATIONS.filter(row => row.body)
    let judged = 0
    for (const row of rows)
      for (const body of variants(CONTROL_EXAMPLES[row.operationId].body ?? {})) {
        const path = fillPath(row.path, row.pathParameters ? params : {})
        const res = await ctx.api.post(path, body, {key: null})
        const label = `${row.operationId} ${JSON.stringify(body)}: ${res.status} ${res.text.slice(0, 200)}`
        expect(res.status, label).toBeLessThan(500)
        expect(bodyValidator(row)(asNumbers(body, digitFields(row))), label).toBe(res.status !== 400)
        judged++
      }
    await ctx.api.post('/_emulator/variance', {enabled: false}, {key: null})
    expect(judged).toBeGreaterThan(150)
  })
})
