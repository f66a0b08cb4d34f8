import {createServer, type Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import * as z from 'zod/mini'
import {ResponseShapeError} from '../../src/client/api-errors.js'
import {call} from '../../src/client/call.js'
import {Transport} from '../../src/client/transport.js'
import type {Operation} from '../../src/contract/operations.js'
import {operationRoute} from '../../src/emulator/http/operation-route.js'
import {ok} from '../../src/emulator/http/request-context.js'
import {Router} from '../../src/emulator/http/router.js'

/**
 * An endpoint is one row and one handler (docs/development.md): the row below is served by its handler through
 * the emulator's router, and the client calls it by the same row, typed and parsed by it.
 */
const getWidget = {
  operationId: 'getWidget',
  method: 'get',
  path: '/api/v2/widgets/{id}',
  tag: 'v2 team',
  summary: 'A widget.',
  scopes: ['team:read'],
  query: z.object({size: z.optional(z.string())}),
  success: {status: 200, description: 'The widget.', schema: z.looseObject({id: z.string(), size: z.string()})},
} as const satisfies Operation

const router = new Router().add(
  operationRoute(getWidget, ({params, query}) =>
    ok(params.id === 'broken' ? {} : {id: params.id, size: query.get('size')}),
  ),
)
const seen: string[] = []
let server: Server
let transport: Transport

beforeAll(async () => {
  // The emulator's HTTP layer reduced to routing: what the row's route matches and what its handler answers.
  server = createServer(async (req, res) => {
    seen.push(`${req.method} ${req.url}`)
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const match = router.match(req.method ?? '', url.pathname)
    if (match.kind !== 'found') return void res.writeHead(404).end()
    const reply = await match.route.handler({params: match.params, query: url.searchParams} as never)
    res.writeHead(reply.status, {'content-type': 'application/json'}).end(JSON.stringify(reply.body))
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  transport = new Transport({origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, maxRetries: 0})
})
afterAll(async () => {
  await transport.close()
  await new Promise(resolve => server.close(resolve))
})

describe('one row, one handler', () => {
  it('serves the row with its method, path and scopes, and the client calls it by the row', async () => {
    const route = router.list()[0]
    expect(route).toMatchObject({
      operationId: 'getWidget',
      method: 'GET',
      path: '/api/v2/widgets/:id',
      access: {kind: 'credentials', scopes: ['team:read']},
    })
    const answer = await call(transport, getWidget, {params: {id: 'w 1/2'}, query: {size: 'L'}})
    expect(answer.body).toEqual({id: 'w 1/2', size: 'L'})
    expect(seen.at(-1)).toBe('GET /api/v2/widgets/w%201%2F2?size=L')
  })

  it("parses the answer with the row's schema", async () => {
    await expect(call(transport, getWidget, {params: {id: 'broken'}})).rejects.toBeInstanceOf(ResponseShapeError)
  })
})
