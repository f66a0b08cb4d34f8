import {createHmac} from 'node:crypto'
import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest'
import {SendConnectionError, sendDelivery} from '../../src/services/webhooks/sender.js'
import {FakeServer, json} from '../helpers/fake-server.js'

const SECRET = 'whsec_sender_test_secret'
const hmac = (timestamp: string, body: string, secret = SECRET) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')

describe('sendDelivery', () => {
  let app: FakeServer
  const body = Buffer.from('{"id":"p1","status":"completed"}')
  const now = Date.UTC(2026, 10, 21, 12, 0, 0)

  beforeAll(async () => {
    app = await new FakeServer().start()
  })
  afterAll(() => app.stop())
  beforeEach(() => {
    app.requests.length = 0
    app.fallback = (_req, res) => json(res, 200, {ok: true})
  })

  const send = (options: {badSignature?: boolean; stale?: boolean; headerPrefix?: string} = {}) =>
    sendDelivery({url: `${app.origin}/hooks`, secret: SECRET, body, now, ...options})

  it('signs the exact bytes with the timestamp as the spec says (checked with node:crypto)', async () => {
    const result = await send()
    const [request] = app.requests
    expect(request.body).toBe(body.toString())
    expect(request.headers['x-service-timestamp']).toBe(String(now / 1000))
    expect(request.headers['x-service-signature']).toBe(hmac(String(now / 1000), body.toString()))
    expect(result).toMatchObject({ok: true, expected: 'accepted', status: 200, timestamp: now / 1000})
  })

  it('--stale: correctly signed, 600 s old; --bad-signature: well formed, not matching', async () => {
    await send({stale: true})
    const stale = app.requests[0]
    expect(stale.headers['x-service-timestamp']).toBe(String(now / 1000 - 600))
    expect(stale.headers['x-service-signature']).toBe(hmac(String(now / 1000 - 600), stale.body))
    await send({badSignature: true})
    const bad = app.requests[1]
    expect(bad.headers['x-service-signature']).toMatch(/^[0-9a-f]{64}$/)
    expect(bad.headers['x-service-signature']).not.toBe(hmac(String(now / 1000), bad.body))
  })

  it('names the headers after --header-prefix', async () => {
    await send({headerPrefix: 'X-Acme'})
    expect(app.requests[0].headers['x-acme-signature']).toBe(hmac(String(now / 1000), body.toString()))
    expect(app.requests[0].headers['x-service-signature']).toBeUndefined()
  })

  it.each([
    [{}, 200, true, /^accepted \(200\)$/],
    [{}, 500, false, /answered 500 to a correctly signed delivery: the service would retry it up to 10 times/],
    [{}, 429, false, /retry it after 60 s/],
    [{}, 410, false, /would delete the subscription/],
    [{}, 401, false, /does the receiver use the same secret/],
    [{}, 404, false, /permanent failure and drops the delivery$/],
    [{badSignature: true}, 401, true, /^rejected as expected \(401\)$/],
    [
      {badSignature: true},
      200,
      false,
      /accepted a delivery with a wrong signature \(answered 200\): the receiver does not verify/,
    ],
    [{badSignature: true}, 410, false, /answered 410 .* would delete the subscription; answer 400 or 401/],
    [{stale: true}, 400, true, /^rejected as expected \(400\)$/],
    [{stale: true}, 204, false, /timestamp 10 min old .* does not check the timestamp/],
    [{stale: true}, 503, false, /answered 503 .* would retry it/],
  ])('%j answered %i: ok=%s', async (options, status, ok, message) => {
    app.fallback = (_req, res) => json(res, status, {})
    const result = await send(options)
    expect(result.ok).toBe(ok)
    expect(result.status).toBe(status)
    expect(result.message).toMatch(message)
  })

  it('reports an unreachable receiver as a connection error', async () => {
    const gone = await new FakeServer().start()
    const origin = gone.origin
    await gone.stop()
    await expect(sendDelivery({url: origin, secret: SECRET, body})).rejects.toBeInstanceOf(SendConnectionError)
  })
})
