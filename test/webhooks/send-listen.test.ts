import {createHmac} from 'node:crypto'
import {writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, afterEach, beforeAll, beforeEach, describe, expect, it} from 'vitest'
import {isolatedHome} from '../helpers/cli.js'
import {FakeServer, json} from '../helpers/fake-server.js'
import {runCommand} from '../helpers/run-command.js'
import {ListenProcess} from './listen-process.js'

const SECRET = 'whsec_commands_test_secret_0123456789'
const hmac = (secret: string, timestamp: string, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')

describe('webhooks send -> webhooks listen, as two processes', () => {
  let listen: ListenProcess | undefined
  let home: ReturnType<typeof isolatedHome>

  beforeEach(() => {
    home = isolatedHome()
  })
  afterEach(() => listen?.kill())

  it('prints one aligned line per delivery with the verdict, and stops cleanly on SIGTERM', async () => {
    listen = await ListenProcess.start(['--secret', SECRET], home.env)
    const send = (...args: string[]) =>
      runCommand(['webhooks', 'send', '--to', listen!.url, '--secret', SECRET, ...args])
    expect((await send('--status', 'approved')).code).toBe(0)
    expect((await send('--status', 'completed')).code).toBe(0)
    expect((await send('--stale')).code).toBe(0)
    expect((await send('--bad-signature')).code).toBe(0)
    const lines = await listen.waitForLines(4)
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d {2}approved {10}[0-9a-f-]{36} {9}\s+125\.00 EUR {2}-> 200 {2}verified$/)
    expect(lines[1]).toMatch(/ completed {9}.* 125\.00 EUR {2}-> 200 {2}verified$/)
    expect(lines[2]).toMatch(
      / created {11}.*-> 401 {2}REJECTED stale_timestamp: the timestamp is 600 s old \(tolerance 300 s\)$/,
    )
    expect(lines[3]).toMatch(/-> 401 {2}REJECTED signature_mismatch/)
    // Aligned: the verdict column starts at the same place on every line.
    expect(new Set(lines.map(line => line.indexOf('->'))).size).toBe(1)
    expect(listen.stderr).toContain('Verifying with 1 secret (--secret); tolerance 300 s; answering 200.')
    expect(await listen.stop('SIGTERM')).toBe(0)
  })

  it('--json prints one object per delivery with the documented keys', async () => {
    listen = await ListenProcess.start(['--json'], {...home.env, PAYCTL_WEBHOOK_SECRET: SECRET})
    expect(
      (await runCommand(['webhooks', 'send', '--to', listen.url, '--secret', SECRET, '--status', 'deleted'])).code,
    ).toBe(0)
    expect((await runCommand(['webhooks', 'send', '--to', listen.url, '--secret', 'whsec_wrong'])).code).toBe(1)
    await listen.waitForLines(2)
    const [good, bad] = listen.json
    expect(Object.keys(good)).toEqual([
      'receivedAt',
      'verified',
      'status',
      'payoutId',
      'amount',
      'currency',
      'body',
      'response',
    ])
    expect(good).toMatchObject({verified: true, status: 'deleted', amount: '125.00', currency: 'EUR', response: 200})
    expect((good.body as {id: string}).id).toBe(good.payoutId)
    expect(bad).toMatchObject({verified: false, reason: 'signature_mismatch', response: 401})
    expect(listen.stdout).not.toContain('Listening')
    expect(await listen.stop('SIGINT')).toBe(130)
  })

  it('rejects a delivery over 1 MiB and a body that is not JSON, and keeps running', async () => {
    listen = await ListenProcess.start(['--secret', SECRET, '--json'], home.env)
    const big = join(home.dir, 'big.json')
    writeFileSync(big, JSON.stringify({pad: 'x'.repeat(2 * 1024 * 1024)}))
    const text = join(home.dir, 'text.txt')
    writeFileSync(text, 'hello')
    const tooLarge = await runCommand(['webhooks', 'send', '--to', listen.url, '--secret', SECRET, '--payload', big])
    expect(tooLarge.code).toBe(1)
    expect(tooLarge.stderr).toMatch(/answered 413 to a correctly signed delivery/)
    const notJson = await runCommand(['webhooks', 'send', '--to', listen.url, '--secret', SECRET, '--payload', text])
    expect(notJson.code).toBe(1)
    expect(notJson.stderr).toContain('is not JSON; it is sent as it is')
    expect((await runCommand(['webhooks', 'send', '--to', listen.url, '--secret', SECRET])).code).toBe(0)
    await listen.waitForLines(3)
    expect(listen.json.map(d => [d.response, d.reason ?? 'ok'])).toEqual([
      [413, 'body_too_large'],
      [400, 'invalid_json'],
      [200, 'ok'],
    ])
  })

  it('--respond-with 500,500,200 answers the sequence, and send exits 1 on the 500s', async () => {
    listen = await ListenProcess.start(['--secret', SECRET, '--respond-with', '500,500,200'], home.env)
    const codes: Array<number | null> = []
    const errors: string[] = []
    for (let i = 0; i < 3; i++) {
      const result = await runCommand(['webhooks', 'send', '--to', listen.url, '--secret', SECRET])
      codes.push(result.code)
      errors.push(result.stderr.trim())
    }
    expect(codes).toEqual([1, 1, 0])
    expect(errors[0]).toBe(
      'Error: RECEIVER_CHECK: the receiver answered 500 to a correctly signed delivery: the service would retry it up to 10 times, backing off from 10 s to 5120 s',
    )
    const lines = await listen.waitForLines(3)
    expect(lines.map(line => /-> (\d+)/.exec(line)?.[1])).toEqual(['500', '500', '200'])
    expect(listen.stderr).toContain('answering 500, 500, 200 (then the last again)')
  })

  it('verifies with the secret stored by webhooks create when no --secret is given', async () => {
    const api = await new FakeServer().start()
    try {
      api.next(
        (_req, res) => json(res, 200, []),
        (req, res) =>
          json(res, 200, {
            id: 'sub_1',
            targetUrl: JSON.parse(req.body).targetUrl,
            eventType: 'payout',
            createdAt: '2026-11-21T10:00:00Z',
            signingSecret: SECRET,
          }),
      )
      const env = {...home.env, PAYCTL_ORIGIN: api.origin, PAYCTL_API_KEY: 'sk_test_key'}
      expect((await runCommand(['webhooks', 'create', '--url', 'http://127.0.0.1:9/hooks'], {env})).code).toBe(0)
      listen = await ListenProcess.start(['--no-register'], env)
      expect(listen.stderr).toContain('1 secret (stored in profile "local")')
      expect((await runCommand(['webhooks', 'send', '--to', listen.url, '--secret', SECRET])).code).toBe(0)
      expect((await listen.waitForLines(1))[0]).toMatch(/verified$/)
    } finally {
      await api.stop()
    }
  })
})

describe('webhooks send against a receiver under test', () => {
  let app: FakeServer

  beforeAll(async () => {
    app = await new FakeServer().start()
  })
  afterAll(() => app.stop())
  beforeEach(() => {
    app.requests.length = 0
    app.fallback = (_req, res) => json(res, 200, {ok: true})
  })

  const send = (...args: string[]) =>
    runCommand(['webhooks', 'send', '--to', `${app.origin}/hooks`, ...args], {env: {PAYCTL_WEBHOOK_SECRET: SECRET}})

  it('signs as the spec says: the test recomputes the HMAC with node:crypto', async () => {
    const result = await send('--status', 'completed', '--json')
    expect(result.code).toBe(0)
    const [request] = app.requests
    const timestamp = request.headers['x-service-timestamp'] as string
    expect(request.headers['x-service-signature']).toBe(hmac(SECRET, timestamp, request.body))
    expect(request.headers['content-type']).toBe('application/json')
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(300)
    const output = JSON.parse(result.stdout)
    expect(output).toMatchObject({ok: true, expected: 'accepted', status: 200, timestamp: Number(timestamp)})
    expect(output.signature).toBe(request.headers['x-service-signature'])
    // A realistic v1 payout body, optional fields omitted, never null.
    const body = JSON.parse(request.body)
    expect(body).toMatchObject({status: 'completed', amount: '125.00', currency: 'EUR', payoutType: 'manual'})
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(Array.isArray(body.tags)).toBe(true)
    expect(Object.values(body)).not.toContain(null)
    for (const optional of ['customId', 'handleType', 'url']) expect(body).not.toHaveProperty(optional)
  })

  it('sends --payload byte for byte, and uses --header-prefix for the header names', async () => {
    const file = join(isolatedHome().dir, 'saved.body')
    const raw = '{ "id": "x",\n  "status": "completed" }\n'
    writeFileSync(file, raw)
    expect((await send('--payload', file, '--header-prefix', 'X-Acme')).code).toBe(0)
    const [request] = app.requests
    expect(request.body).toBe(raw)
    const timestamp = request.headers['x-acme-timestamp'] as string
    expect(request.headers['x-acme-signature']).toBe(hmac(SECRET, timestamp, raw))
  })

  it('exits 1 with one clear line when the receiver accepts a wrong signature', async () => {
    const result = await send('--bad-signature')
    expect(result.code).toBe(1)
    expect(result.stdout).toMatch(/^Sent payout [0-9a-f-]{36} \(created\) with a wrong signature to http/)
    expect(result.stderr).toMatch(
      /^Error: RECEIVER_CHECK: the receiver accepted a delivery with a wrong signature \(answered 200\): the receiver does not verify signatures\n$/,
    )
  })

  it('exits 7 when the receiver cannot be reached', async () => {
    const gone = await new FakeServer().start()
    const origin = gone.origin
    await gone.stop()
    const result = await runCommand(['webhooks', 'send', '--to', origin, '--secret', SECRET])
    expect(result.code).toBe(7)
    expect(result.stderr).toMatch(
      /^Error: NETWORK: could not deliver to http:\/\/127\.0\.0\.1:\d+\/.*is your receiver running\?/,
    )
  })

  it.each([
    [['--to', 'ftp://x', '--secret', SECRET], /--to "ftp:\/\/x" must use http or https/],
    [['--to', 'http://127.0.0.1:9'], /give the signing secret with --secret or PAYCTL_WEBHOOK_SECRET/],
  ])('bad usage %j exits 2 and sends nothing', async (args, message) => {
    const result = await runCommand(['webhooks', 'send', ...args], {env: {PAYCTL_WEBHOOK_SECRET: undefined}})
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(message)
    expect(app.requests).toHaveLength(0)
  })
})
