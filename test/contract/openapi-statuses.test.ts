import {OpenAPIBackend} from 'openapi-backend'
import {Pool} from 'undici'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {LOCAL_EMULATOR} from '../../src/shared/local-emulator.js'
import {control} from '../helpers/control.js'
import {useEmulator} from '../helpers/emulator.js'

/**
 * Every answer the emulator gives is in the document: for every operation of the served document, a request built
 * from the document's own examples gets each answer of the service's HTTP layer (429 and 503 with Retry-After,
 * 500, 502 and 504 injected as faults; 413 for a body over 5 MiB and 415 for a JSON body sent as text), and the
 * answers of the OAuth endpoints (201 of client registration, 401 `invalid_client` of the token endpoint) are
 * sent for real. openapi-backend, a validator we did not write, reads the document: the status must be one it
 * lists for the operation (openapi-backend alone would fall back to any), and the body and headers must be valid.
 * `npm test` sends one status of each kind per operation, in turn; PAYCTL_ALL_STATUSES=1 (.ci/run) sends all.
 */

const ctx = useEmulator({reset: false})
type Json = Record<string, unknown>
interface Parameter {
  name: string
  in: string
  required?: boolean
  example?: unknown
}
interface OperationObject {
  operationId: string
  parameters?: (Parameter | {$ref: string})[]
  requestBody?: {content: Record<string, {example?: unknown}>}
  responses: Record<string, unknown>
}
interface Request {
  operationId: string
  method: string
  path: string
  contentType?: string
  body?: string
}

let api: OpenAPIBackend
let document: {paths: Record<string, Record<string, OperationObject>>}
let pool: Pool
const MAX_BODY_BYTES = 5 * 1024 * 1024
const ALL = process.env.PAYCTL_ALL_STATUSES === '1'
/** The statuses to send to the `index`th operation: all, or one of them in turn. */
const inTurn = <T>(values: readonly T[], index: number): readonly T[] =>
  ALL ? values : [values[index % values.length]]

/** A request of each operation, from the document's examples (path and query parameters, the body). */
function requestsOf(): Request[] {
  return Object.entries(document.paths).flatMap(([template, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const parameters = (operation.parameters ?? []).filter((parameter): parameter is Parameter => 'in' in parameter)
      const path = template.replace(/\{(\w+)\}/g, (_, name: string) =>
        encodeURIComponent(String(parameters.find(parameter => parameter.name === name)?.example)),
      )
      const query = new URLSearchParams(
        parameters
          .filter(parameter => parameter.in === 'query' && parameter.required)
          .map((parameter): [string, string] => [parameter.name, String(parameter.example)]),
      )
      const [contentType, content] = Object.entries(operation.requestBody?.content ?? {})[0] ?? []
      const body =
        content?.example === undefined
          ? undefined
          : contentType === 'application/x-www-form-urlencoded'
            ? new URLSearchParams(content.example as Record<string, string>).toString()
            : JSON.stringify(content.example)
      return {
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path: query.size ? `${path}?${query}` : path,
        contentType,
        body,
      }
    }),
  )
}

async function send(request: Request, overrides: {contentType?: string; body?: string; headers?: Json} = {}) {
  const contentType = overrides.contentType ?? request.contentType
  const res = await pool.request({
    path: request.path,
    method: request.method as 'GET',
    headers: {
      authorization: `Bearer ${LOCAL_EMULATOR.fullKey}`,
      ...(contentType ? {'content-type': contentType} : {}),
      ...overrides.headers,
    },
    body: overrides.body ?? request.body,
  })
  const text = await res.body.text()
  return {status: res.statusCode, headers: res.headers as Record<string, string>, body: text ? JSON.parse(text) : text}
}

/** What openapi-backend says of an answer: the statuses the operation lists, and the answer's problems. */
function judged(operationId: string, answer: Awaited<ReturnType<typeof send>>) {
  const operation = api.getOperation(operationId) as unknown as OperationObject
  const body = api.validateResponse(answer.body, operationId, answer.status)
  const headers = api.validateResponseHeaders(answer.headers, operationId, {statusCode: answer.status})
  return {
    documented: Object.keys(operation.responses).includes(String(answer.status)),
    problems: [...(body.errors ?? []), ...(headers.errors ?? [])],
  }
}

/** `request`'s answer, when it is not `expected` or not as the document says. */
async function misjudged(request: Request, expected: number, overrides: Parameters<typeof send>[1]) {
  const answer = await send(request, overrides)
  const verdict = judged(request.operationId, answer)
  return answer.status === expected && verdict.documented && !verdict.problems.length
    ? []
    : [{operation: request.operationId, expected, status: answer.status, ...verdict}]
}

beforeAll(async () => {
  pool = new Pool(ctx.url, {connections: 1})
  const res = await pool.request({path: '/api/openapi.json', method: 'GET'})
  document = JSON.parse(await res.body.text())
  // `quick`: openapi-backend's own check of the document knows OpenAPI 3.0 only (the document is 3.1); the linters
  // of `npm run lint` check it instead.
  api = new OpenAPIBackend({
    definition: document as never,
    quick: true,
    ajvOpts: {strict: false, validateSchema: false},
  })
  await api.init()
})
afterAll(async () => {
  await pool?.close()
})

describe('every status the emulator answers is in the document, as openapi-backend reads it', () => {
  it('the HTTP layer’s answers on every operation: 429 and 503 with Retry-After, 500, 502, 504', async () => {
    const requests = requestsOf()
    expect(requests.length).toBeGreaterThan(30)
    const wrong: unknown[] = []
    for (const [index, request] of requests.entries())
      for (const status of inTurn([429, 500, 502, 503, 504], index)) {
        const path = request.path.split('?')[0]
        await control(ctx.url, 'POST', '/_emulator/faults', {method: request.method, path, action: 'status', status})
        const answer = await send(request)
        const verdict = judged(request.operationId, answer)
        const retryAfter = [429, 503].includes(status) ? answer.headers['retry-after'] !== undefined : true
        if (answer.status !== status || !verdict.documented || verdict.problems.length || !retryAfter)
          wrong.push({operation: request.operationId, status, answered: answer.status, ...verdict, retryAfter})
      }
    expect(wrong).toEqual([])
  })

  it('413 for a body over 5 MiB, 415 for a JSON body sent as text, on every operation with a body', async () => {
    const wrong: unknown[] = []
    const withBodies = requestsOf().filter(request => request.body !== undefined)
    expect(withBodies.length).toBeGreaterThan(15)
    for (const [index, request] of withBodies.entries()) {
      const readsJson = request.contentType === 'application/json' && request.operationId !== 'registerClient'
      const kinds = readsJson ? inTurn(['large', 'text'], index) : ['large']
      if (kinds.includes('large'))
        wrong.push(...(await misjudged(request, 413, {body: ' '.repeat(MAX_BODY_BYTES + 1)})))
      if (kinds.includes('text')) wrong.push(...(await misjudged(request, 415, {contentType: 'text/plain'})))
    }
    expect(wrong).toEqual([])
  })

  it('client registration answers 201 (RFC 7591); the token endpoint answers 401 to a client it cannot authenticate', async () => {
    const requests = requestsOf()
    const register = requests.find(request => request.operationId === 'registerClient') as Request
    const registered = await send(register)
    expect({status: registered.status, ...judged('registerClient', registered)}).toEqual({
      status: 201,
      documented: true,
      problems: [],
    })
    const token = requests.find(request => request.operationId === 'requestToken') as Request
    const refused = await send(token, {
      headers: {authorization: `Basic ${Buffer.from('nobody:wrong').toString('base64')}`},
    })
    expect({status: refused.status, ...judged('requestToken', refused)}).toEqual({
      status: 401,
      documented: true,
      problems: [],
    })
  })
})
