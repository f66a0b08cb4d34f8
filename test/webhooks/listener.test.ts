import {createHmac} from 'node:crypto'
import {mkdtempSync, readFileSync} from 'node:fs'
import {connect} from 'node:net'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {request} from 'undici'
import {afterEach, beforeAll, describe, expect, it} from 'vitest'
import {type Delivery, parseRespondWith, WebhookListener} from '../../src/services/webhooks/listener.js'
import {FakeServer, json} from '../helpers/fake-server.js'

const SECRET = 'whsec_listener_test_secret'
const body = (status = 'created', id = '6f1c2d4e-0b7a-4c55-9a0e-2d3f4a5b6c7d') =>
  JSON.stringify({id, uuid: id, description: 'May', amount: '12.5', currency: 'EUR', status, tags: []})

const signature = (timestamp: number, raw: string | Buffer, secret = SECRET) =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(raw).digest('hex')

async function post(url: string, raw: string | Buffer, headers: Record<string, string> = {}) {
  const response = await request(url, {
    method: 'POST',
    body: raw,
    headers: {'content-type': 'application/json', ...headers},
  })
  return {status: response.statusCode, headers: response.headers, text: await response.body.text()}
}

function signedHeaders(
  raw: string | Buffer,
  options: {secret?: string; timestamp?: number; prefix?: string} = {},
): Record<string, string> {
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000)
  const prefix = options.prefix ?? 'X-Service'
  return {
    [`${prefix}-Signature`]: signature(timestamp, raw, options.secret),
    [`${prefix}-Timestamp`]: String(timestamp),
  }
}

describe('webhook listener', () => {
  let listener: WebhookListener | undefined
  let deliveries: Delivery[]
  let problems: string[]

  async function start(options: Partial<ConstructorParameters<typeof WebhookListener>[0]> = {}) {
    deliveries = []
    problems = []
    listener = await new WebhookListener({
      host: '127.0.0.1',
      port: 0,
      secrets: [SECRET],
      toleranceSeconds: 300,
      onDelivery: d => deliveries.push(d),
      onProblem: p => problems.push(p),
      ...options,
    }).start()
    return listener.url
  }

  afterEach(async () => {
    await listener?.close()
    listener = undefined
  })

  it('answers 200 to a good delivery and reports it verified, with the payout fields', async () => {
    const url = await start()
    const raw = body('completed')
    const answer = await post(url, raw, signedHeaders(raw))
    expect(answer.status).toBe(200)
    expect(deliveries).toHaveLength(1)
    expect(deliveries[0]).toMatchObject({
      verified: true,
      status: 'completed',
      payoutId: '6f1c2d4e-0b7a-4c55-9a0e-2d3f4a5b6c7d',
      amount: '12.5',
      currency: 'EUR',
      response: 200,
      body: JSON.parse(raw),
    })
    expect(deliveries[0].reason).toBeUndefined()
    expect(Number.isNaN(Date.parse(deliveries[0].receivedAt))).toBe(false)
  })

  it('accepts any X-<Name>-Signature/X-<Name>-Timestamp pair', async () => {
    const url = await start()
    const raw = body()
    expect((await post(url, raw, signedHeaders(raw, {prefix: 'X-Acme'}))).status).toBe(200)
    expect(deliveries[0].verified).toBe(true)
  })

  it.each([
    ['a wrong secret', (raw: string) => signedHeaders(raw, {secret: 'whsec_wrong'}), 'signature_mismatch'],
    ['no headers', () => ({}), 'missing_signature'],
    [
      'a stale timestamp',
      (raw: string) => signedHeaders(raw, {timestamp: Math.floor(Date.now() / 1000) - 301}),
      'stale_timestamp',
    ],
    [
      'a future timestamp',
      (raw: string) => signedHeaders(raw, {timestamp: Math.floor(Date.now() / 1000) + 3600}),
      'future_timestamp',
    ],
    ['a malformed signature', () => ({'x-service-signature': 'zz', 'x-service-timestamp': '1'}), 'malformed_signature'],
  ])('answers 401 to %s and says why', async (_label, headers, reason) => {
    const url = await start()
    const raw = body()
    const answer = await post(url, raw, headers(raw))
    expect(answer.status).toBe(401)
    expect(JSON.parse(answer.text).error.code).toBe(reason.toUpperCase())
    expect(deliveries[0]).toMatchObject({verified: false, reason, response: 401, status: 'created'})
  })

  it('marks a replay REPEATED whatever the case of its hex signature', async () => {
    const url = await start()
    const raw = body()
    const headers = signedHeaders(raw)
    const spellings = [
      headers['X-Service-Signature'],
      headers['X-Service-Signature'].toUpperCase(),
      headers['X-Service-Signature'].replace(/[a-f]/g, (digit, at: number) => (at % 2 ? digit.toUpperCase() : digit)),
    ]
    for (const spelling of spellings)
      expect((await post(url, raw, {...headers, 'X-Service-Signature': spelling})).status).toBe(200)
    expect(deliveries.map(delivery => [delivery.verified, delivery.duplicate])).toEqual([
      [true, undefined],
      [true, true],
      [true, true],
    ])
  })

  it('honours --tolerance', async () => {
    const url = await start({toleranceSeconds: 3600})
    const raw = body()
    const answer = await post(url, raw, signedHeaders(raw, {timestamp: Math.floor(Date.now() / 1000) - 1800}))
    expect(answer.status).toBe(200)
  })

  it('answers 413 over 1 MiB and 400 to a body that is not JSON, and keeps serving', async () => {
    const url = await start()
    const big = Buffer.alloc(1024 * 1024 + 1, 'a')
    const tooLarge = await post(url, big, signedHeaders(big))
    expect(tooLarge.status).toBe(413)
    const text = 'not json at all'
    const notJson = await post(url, text, signedHeaders(text))
    expect(notJson.status).toBe(400)
    const raw = body()
    expect((await post(url, raw, signedHeaders(raw))).status).toBe(200)
    expect(deliveries.map(d => [d.response, d.reason ?? 'ok'])).toEqual([
      [413, 'body_too_large'],
      [400, 'invalid_json'],
      [200, 'ok'],
    ])
    expect(deliveries[0].body).toBeNull()
    expect(deliveries[1]).toMatchObject({verified: true, body: text})
  })

  it('accepts exactly 1 MiB', async () => {
    const url = await start()
    const frame = '{"id":"x","pad":""}'
    const padded = frame.replace('""', `"${'a'.repeat(1024 * 1024 - frame.length)}"`)
    expect(Buffer.byteLength(padded)).toBe(1024 * 1024)
    expect((await post(url, padded, signedHeaders(padded))).status).toBe(200)
  })

  it('answers garbage that is not HTTP with 400 and keeps serving', async () => {
    const url = await start()
    const {port} = new URL(url)
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('\u0000\u0001 nonsense\r\n\r\n'))
      let data = ''
      socket.on('data', chunk => {
        data += chunk
      })
      socket.on('end', () => resolve(data))
      socket.on('error', reject)
    })
    expect(reply).toMatch(/^HTTP\/1\.1 400/)
    const raw = body()
    expect((await post(url, raw, signedHeaders(raw))).status).toBe(200)
    expect(problems.join('\n')).toMatch(/malformed HTTP request/)
  })

  it('answers 405 to other methods without reporting a delivery', async () => {
    const url = await start()
    const response = await request(url, {method: 'GET'})
    expect(response.statusCode).toBe(405)
    await response.body.dump()
    expect(deliveries).toHaveLength(0)
  })

  it('answers the --respond-with sequence to valid deliveries only, then repeats the last status', async () => {
    const url = await start({respondWith: [500, 429, 200]})
    const raw = body()
    const statuses: number[] = []
    statuses.push((await post(url, raw, signedHeaders(raw))).status)
    statuses.push((await post(url, raw, signedHeaders(raw, {secret: 'whsec_wrong'}))).status)
    const rateLimited = await post(url, raw, signedHeaders(raw))
    statuses.push(rateLimited.status)
    for (let i = 0; i < 2; i++) statuses.push((await post(url, raw, signedHeaders(raw))).status)
    expect(statuses).toEqual([500, 401, 429, 200, 200])
    expect(rateLimited.headers['retry-after']).toBe('60')
    expect(deliveries.map(d => d.response)).toEqual(statuses)
  })

  it('forwards the original body and headers to the app, and answers with its status', async () => {
    const app = await new FakeServer().start()
    try {
      app.next(
        (_req, res) => json(res, 202, {ok: true}),
        (_req, res) => json(res, 500, {oops: true}),
      )
      const url = await start({forwardTo: `${app.origin}/hooks/payouts`})
      const raw = body('approved')
      const headers: Record<string, string> = {...signedHeaders(raw), 'x-custom': 'kept'}
      expect((await post(url, raw, headers)).status).toBe(202)
      expect((await post(url, raw, headers)).status).toBe(500)
      expect(app.requests).toHaveLength(2)
      const forwarded = app.requests[0]
      expect(forwarded).toMatchObject({method: 'POST', url: '/hooks/payouts', body: raw})
      expect(forwarded.headers['x-service-signature']).toBe(headers['X-Service-Signature'])
      expect(forwarded.headers['x-service-timestamp']).toBe(headers['X-Service-Timestamp'])
      expect(forwarded.headers['content-type']).toBe('application/json')
      expect(forwarded.headers['x-custom']).toBe('kept')
      expect(deliveries.map(d => d.forward)).toEqual([
        {url: `${app.origin}/hooks/payouts`, status: 202},
        {url: `${app.origin}/hooks/payouts`, status: 500},
      ])
    } finally {
      await app.stop()
    }
  })

  it('forwards only verified deliveries (unless --forward-unverified), never Authorization or Cookie', async () => {
    const app = await new FakeServer().start()
    try {
      app.fallback = (_req, res) => json(res, 200, {ok: true})
      const url = await start({forwardTo: app.origin})
      const raw = body()
      const credentials = {authorization: 'Bearer sk_live_someone', cookie: 'session=abc', 'proxy-authorization': 'x'}
      expect((await post(url, raw, credentials)).status).toBe(401)
      expect(app.requests).toHaveLength(0)
      expect(deliveries[0].forward).toBeUndefined()
      expect((await post(url, raw, {...signedHeaders(raw), ...credentials})).status).toBe(200)
      expect(app.requests).toHaveLength(1)
      for (const name of Object.keys(credentials)) expect(app.requests[0].headers[name], name).toBeUndefined()
      const loose = await start({forwardTo: app.origin, forwardUnverified: true})
      expect((await post(loose, raw, credentials)).status).toBe(401)
      expect(app.requests).toHaveLength(2)
      expect(app.requests[1].headers.authorization).toBeUndefined()
    } finally {
      await app.stop()
    }
  })

  it('with --forward-to and --respond-with answers the given status but still shows the app status', async () => {
    const app = await new FakeServer().start()
    try {
      app.fallback = (_req, res) => json(res, 204, {})
      const url = await start({forwardTo: app.origin, respondWith: [503]})
      const raw = body()
      expect((await post(url, raw, signedHeaders(raw))).status).toBe(503)
      expect(deliveries[0]).toMatchObject({response: 503, forward: {status: 204}})
    } finally {
      await app.stop()
    }
  })

  it('answers 502 when the app cannot be reached, and says why', async () => {
    const app = await new FakeServer().start()
    const origin = app.origin
    await app.stop()
    const url = await start({forwardTo: origin})
    const raw = body()
    expect((await post(url, raw, signedHeaders(raw))).status).toBe(502)
    expect(deliveries[0].forward).toEqual({url: origin, error: 'ECONNREFUSED'})
  })

  it('saves the raw body and the headers with --save', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'payctl-save-')), 'deliveries')
    const url = await start({saveDir: dir})
    const raw = `${body('completed')}\n`
    const headers = signedHeaders(raw)
    await post(url, raw, headers)
    const saved = deliveries[0].saved!
    expect(saved).toBe(join(dir, '0001-completed-6f1c2d4e-0b7a-4c55-9a0e-2d3f4a5b6c7d.body'))
    expect(readFileSync(saved, 'utf8')).toBe(raw)
    const headerText = readFileSync(saved.replace(/\.body$/, '.headers'), 'utf8')
    expect(headerText).toContain(`X-Service-Signature: ${headers['X-Service-Signature']}`)
    expect(headerText).toContain(`X-Service-Timestamp: ${headers['X-Service-Timestamp']}`)
  })
})

describe('parseRespondWith', () => {
  it('reads one status or a sequence', () => {
    expect(parseRespondWith('410')).toEqual([410])
    expect(parseRespondWith('500, 500,200')).toEqual([500, 500, 200])
  })

  it.each(['', 'ok', '20', '600', '200,,500', '99'])('rejects %j', value => {
    expect(() => parseRespondWith(value)).toThrow(/HTTP statuses/)
  })
})

beforeAll(() => {
  // Sanity: the test's own HMAC is the spec's, independent of the code under test.
  expect(signature(1, '{}', 'k')).toBe(createHmac('sha256', 'k').update('1.{}').digest('hex'))
})
