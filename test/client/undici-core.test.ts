import {createServer, type IncomingMessage} from 'node:http'
import type {AddressInfo} from 'node:net'
import {Agent as PublicAgent, request as publicRequest} from 'undici'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {Agent, request} from '../../src/client/undici-core.js'

/*
 * src/client/undici-core.ts loads two private files of undici instead of the package. Its Agent must be undici's
 * public Agent, and its request() must do what undici.request does with a dispatcher: the same requests reach
 * the server, the same responses and errors come back.
 */

interface Seen {
  method?: string
  url?: string
  headers: IncomingMessage['headers']
  body: string
}

const seen: Seen[] = []
const server = createServer((req, res) => {
  let body = ''
  req.setEncoding('utf8').on('data', chunk => {
    body += chunk
  })
  req.on('end', () => {
    const {host: _host, ...headers} = req.headers
    seen.push({method: req.method, url: req.url, headers, body})
    const status = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('status') ?? 200)
    res.writeHead(status, {'content-type': 'application/json', 'x-echo': req.headers['x-test'] ?? ''})
    res.end(JSON.stringify({method: req.method, body}))
  })
})
let origin: string

beforeAll(async () => {
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>(resolve => server.close(() => resolve())))

describe('undici-core', () => {
  it('exports undici’s public Agent class', () => {
    expect(Agent).toBe(PublicAgent)
  })

  const cases: {
    method: 'GET' | 'POST' | 'DELETE' | 'PATCH'
    path: string
    headers: Record<string, string>
    body?: string
  }[] = [
    {method: 'GET', path: '/api/v1/payouts?limit=2&cursor=a%20b', headers: {'x-test': '1'}},
    {
      method: 'POST' as const,
      path: '/api/v2/payouts?status=201',
      headers: {'content-type': 'application/json'},
      body: '{"a":"1.00"}',
    },
    {method: 'DELETE', path: '/api/v1/webhooks/x?status=404', headers: {authorization: 'Bearer sk_x'}},
    {method: 'PATCH', path: '/p?status=500', headers: {'idempotency-key': 'k'}, body: 'é€'},
  ]

  it('sends and receives what undici.request does, for each method, status and body', async () => {
    const dispatcher = new Agent()
    try {
      for (const {path, ...c} of cases) {
        seen.length = 0
        const mine = await request(dispatcher, origin + path, c)
        const mineBody = await mine.body.text()
        const theirs = await publicRequest(origin + path, {...c, dispatcher})
        const theirsBody = await theirs.body.text()
        expect(seen[0], path).toEqual(seen[1])
        expect(mine.statusCode, path).toBe(theirs.statusCode)
        const {date: _a, ...mineHeaders} = mine.headers
        const {date: _b, ...theirHeaders} = theirs.headers
        expect(mineHeaders, path).toEqual(theirHeaders)
        expect(mineBody, path).toBe(theirsBody)
      }
    } finally {
      await dispatcher.close()
    }
  })

  it('fails a refused connection with the error undici.request gives', async () => {
    const closed = createServer()
    await new Promise<void>(resolve => closed.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/x`
    await new Promise<void>(resolve => closed.close(() => resolve()))
    const dispatcher = new Agent()
    try {
      const mine = await request(dispatcher, url, {method: 'GET', headers: {}}).catch(error => error)
      const theirs = await publicRequest(url, {method: 'GET', dispatcher}).catch(error => error)
      expect(mine.code).toBe('ECONNREFUSED')
      expect(mine.code).toBe(theirs.code)
      expect(mine.constructor).toBe(theirs.constructor)
    } finally {
      await dispatcher.close()
    }
  })
})
