import {afterEach, beforeEach, describe, expect, it} from 'vitest'
import {ApiError, ConnectionError, outcomeUnknown, TimeoutError} from '../../src/client/api-errors.js'
import {PayoutClient} from '../../src/client/index.js'
import {Transport} from '../../src/client/transport.js'
import {apiError, drop, json, useFakeServer} from '../helpers/fake-server.js'

const payoutV1 = {id: '0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f', amount: '10.00', currency: 'EUR', status: 'created'}
const payoutV2 = {object: 'payout', id: `payout_${payoutV1.id}`, amount: '10.00', currency: 'EUR', status: 'created'}

describe('Transport retry rules', () => {
  const ctx = useFakeServer()
  let client: PayoutClient

  beforeEach(() => {
    client = new PayoutClient({
      origin: ctx.server.origin,
      auth: {authorization: async () => 'Bearer sk_test_secret'},
      retryBaseDelayMs: 5,
      maxRetries: 3,
      timeoutMs: 2_000,
    })
  })

  afterEach(async () => client.close())

  it('retries a GET after 503 and succeeds', async () => {
    ctx.server.next(apiError(503, 'UNAVAILABLE', 'down'), apiError(502, 'BAD_GATEWAY', 'down'))
    ctx.server.fallback = (_req, res) => json(res, 200, payoutV1)
    const payout = await client.v1.payouts.get(payoutV1.id)
    expect(payout.id).toBe(payoutV1.id)
    expect(ctx.server.requests).toHaveLength(3)
  })

  it('gives up after maxRetries and reports the last status', async () => {
    ctx.server.fallback = apiError(500, 'SERVER_ERROR', 'boom')
    const error = await client.v1.payouts.get(payoutV1.id).catch(e => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error.status).toBe(500)
    expect(ctx.server.requests).toHaveLength(4)
  })

  it('never retries a v1 POST /payout without customId (non-keyed create)', async () => {
    ctx.server.fallback = apiError(503, 'UNAVAILABLE', 'down')
    const error = await client.v1.payouts
      .create({description: 'x', payoutAmount: '1.00', currency: 'EUR', creatorHandle: '@a'})
      .catch(e => e)
    expect(error.status).toBe(503)
    expect(ctx.server.requests).toHaveLength(1)
  })

  it('retries a v1 POST /payout with a customId (an upsert cannot duplicate)', async () => {
    ctx.server.next(apiError(503, 'UNAVAILABLE', 'down'))
    ctx.server.fallback = (_req, res) => json(res, 200, {...payoutV1, action: 'created'})
    const payout = await client.v1.payouts.create({
      description: 'x',
      payoutAmount: '1.00',
      currency: 'EUR',
      customId: 'inv-1',
    })
    expect(payout.action).toBe('created')
    expect(ctx.server.requests).toHaveLength(2)
  })

  it('never retries a webhook subscription create or a session mint', async () => {
    ctx.server.fallback = apiError(502, 'BAD_GATEWAY', 'down')
    await expect(client.v1.webhooks.create({targetUrl: 'http://127.0.0.1:9/x'})).rejects.toBeInstanceOf(ApiError)
    await expect(client.v1.sessions.create('kyb', {redirectUrl: 'https://example.com'})).rejects.toBeInstanceOf(
      ApiError,
    )
    expect(ctx.server.requests).toHaveLength(2)
  })

  it('retries a dropped connection on a keyed v2 POST with the same idempotency key', async () => {
    ctx.server.next(drop, apiError(500, 'SERVER_ERROR', 'boom'))
    ctx.server.fallback = (_req, res) => json(res, 200, payoutV2)
    await client.v2.payouts.create({description: 'x', amount: '10.00', currency: 'EUR'})
    expect(ctx.server.requests).toHaveLength(3)
    const keys = ctx.server.requests.map(r => r.headers['idempotency-key'])
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/)
    expect(new Set(keys).size).toBe(1)
  })

  it('an error after an attempt that may have been applied says the outcome is unknown, whatever its status', async () => {
    ctx.server.next(drop, apiError(422, 'UNPROCESSABLE', 'no'))
    const afterDrop = await client.v1.payouts
      .create({description: 'x', payoutAmount: '1.00', currency: 'EUR', customId: 'inv-2'})
      .catch(e => e)
    expect(afterDrop).toMatchObject({status: 422})
    expect(outcomeUnknown(afterDrop)).toBe(true)
    ctx.server.next(apiError(429, 'RATE_LIMITED', 'slow down'), apiError(422, 'UNPROCESSABLE', 'no'))
    const afterRefusals = await client.v2.payouts
      .create({description: 'x', amount: '1.00', currency: 'EUR'})
      .catch(e => e)
    expect(afterRefusals).toMatchObject({status: 422})
    expect(outcomeUnknown(afterRefusals)).toBe(false)
  })

  it('uses a new idempotency key for each logical v2 call, and the caller key when given', async () => {
    ctx.server.fallback = (_req, res) => json(res, 200, payoutV2)
    await client.v2.payouts.create({description: 'x', amount: '1.00', currency: 'EUR'})
    await client.v2.payouts.create({description: 'x', amount: '1.00', currency: 'EUR'})
    await client.v2.payouts.create({description: 'x', amount: '1.00', currency: 'EUR'}, {idempotencyKey: 'my-key'})
    const keys = ctx.server.requests.map(r => r.headers['idempotency-key'])
    expect(keys[0]).not.toBe(keys[1])
    expect(keys[2]).toBe('my-key')
  })

  it('waits for Retry-After on 429 before retrying', async () => {
    ctx.server.next((_req, res) =>
      json(res, 429, {error: {code: 'RATE_LIMITED', message: 'slow down'}}, {'retry-after': '1'}),
    )
    ctx.server.fallback = (_req, res) => json(res, 200, [payoutV1])
    const started = Date.now()
    await client.v1.payouts.list()
    // Retry-After: 1 means at least one second between the two attempts (a lower bound, not a timing budget).
    expect(Date.now() - started).toBeGreaterThanOrEqual(950)
    expect(ctx.server.requests).toHaveLength(2)
  })

  it('does not retry 400, 401, 403, 404, 409 or 422', async () => {
    for (const status of [400, 401, 403, 404, 409, 422]) {
      ctx.server.next(apiError(status, 'X', 'no'))
      await expect(client.v1.payouts.get(payoutV1.id)).rejects.toMatchObject({status})
    }
    expect(ctx.server.requests).toHaveLength(6)
  })

  it('fires the time-out when the ctx.server never answers, and retries a GET', async () => {
    const slow = new PayoutClient({origin: ctx.server.origin, timeoutMs: 200, maxRetries: 1, retryBaseDelayMs: 5})
    ctx.server.fallback = () => {}
    const error = await slow.v1.team.get().catch(e => e)
    await slow.close()
    expect(error).toBeInstanceOf(TimeoutError)
    expect(ctx.server.requests).toHaveLength(2)
  })

  it('reports a refused connection as ConnectionError', async () => {
    const origin = ctx.server.origin
    await ctx.server.stop()
    const offline = new PayoutClient({origin, maxRetries: 0})
    await expect(offline.v1.team.get()).rejects.toBeInstanceOf(ConnectionError)
    await offline.close()
  })

  it('sends bearer auth and a payctl User-Agent', async () => {
    const transport = new Transport({
      origin: ctx.server.origin,
      userAgent: 'payctl/9.9.9',
      auth: {authorization: async () => 'Bearer k'},
    })
    await transport.request({method: 'GET', path: '/api/v1/team'})
    await transport.close()
    expect(ctx.server.requests[0].headers.authorization).toBe('Bearer k')
    expect(ctx.server.requests[0].headers['user-agent']).toBe('payctl/9.9.9')
  })

  it('refreshes once on 401 when the auth provider can, then retries', async () => {
    let token = 'old'
    const refreshing = new PayoutClient({
      origin: ctx.server.origin,
      auth: {
        authorization: async () => `Bearer ${token}`,
        refresh: async () => {
          token = 'new'
          return true
        },
      },
    })
    ctx.server.next(apiError(401, 'UNAUTHORIZED', 'expired'))
    ctx.server.fallback = (_req, res) => json(res, 200, {id: 't'})
    await refreshing.v1.team.get()
    await refreshing.close()
    expect(ctx.server.requests.map(r => r.headers.authorization)).toEqual(['Bearer old', 'Bearer new'])
  })
})

describe('Error bodies', () => {
  const ctx = useFakeServer()

  it('reads the documented envelope with code, data, index, details and the request id', async () => {
    ctx.server.next(
      apiError(422, 'INSUFFICIENT_BALANCE', 'not enough', {
        data: {walletBalance: '5.00', totalOpenAmount: '9.00', currency: 'EUR'},
        index: 3,
      }),
    )
    const client = new PayoutClient({origin: ctx.server.origin})
    const error = await client.v2.payouts.approveMany(['payout_x']).catch(e => e)
    await client.close()
    expect(error).toMatchObject({status: 422, code: 'INSUFFICIENT_BALANCE', index: 3, requestId: 'req_test'})
    expect(error.data).toEqual({walletBalance: '5.00', totalOpenAmount: '9.00', currency: 'EUR'})
  })

  it('tolerates an HTML 502 page and a plain-text body', async () => {
    ctx.server.next(
      (_req, res) => {
        res.writeHead(502, {'content-type': 'text/html'})
        res.end('<html><body><h1>502 Bad Gateway</h1></body></html>')
      },
      (_req, res) => {
        res.writeHead(418, {'content-type': 'text/plain'})
        res.end('teapot')
      },
    )
    const client = new PayoutClient({origin: ctx.server.origin, maxRetries: 0})
    const html = await client.v1.team.get().catch(e => e)
    const plain = await client.v1.team.get().catch(e => e)
    await client.close()
    expect(html).toMatchObject({status: 502, code: 'SERVER_ERROR', message: 'HTTP 502: 502 Bad Gateway'})
    expect(plain).toMatchObject({status: 418, code: 'HTTP_418', message: 'HTTP 418: teapot'})
  })

  it('reports a 2xx body that does not match the schema instead of using it', async () => {
    ctx.server.next((_req, res) => json(res, 200, {name: 'no id'}))
    const client = new PayoutClient({origin: ctx.server.origin})
    const error = await client.v1.team.get().catch(e => e)
    await client.close()
    expect(error.name).toBe('ResponseShapeError')
    expect(error.message).toContain('id')
  })
})
