import {createHmac} from 'node:crypto'
import {readFileSync, statSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, afterEach, beforeAll, beforeEach, describe, expect, it} from 'vitest'
import {isolatedHome, runCli} from '../helpers/cli.js'
import {FakeServer, json} from '../helpers/fake-server.js'
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
    const send = (...args: string[]) => runCli(['webhooks', 'send', '--to', listen!.url, '--secret', SECRET, ...args])
    expect((await send('--status', 'approved')).code).toBe(0)
    expect((await send('--status', 'completed')).code).toBe(0)
    expect((await send('--stale')).code).toBe(0)
    expect((await send('--bad-signature')).code).toBe(0)
    const lines = await listen.waitForLines(4)
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d {2}approved {3}[0-9a-f-]{36} {2}\s+125\.00 EUR {2}-> 200 {2}verified$/)
    expect(lines[1]).toMatch(/ completed {2}.* 125\.00 EUR {2}-> 200 {2}verified$/)
    expect(lines[2]).toMatch(
      / created {2}.*-> 401 {2}REJECTED stale_timestamp: the timestamp is 600 s old \(tolerance 300 s\)$/,
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
      (await runCli(['webhooks', 'send', '--to', listen.url, '--secret', SECRET, '--status', 'deleted'])).code,
    ).toBe(0)
    expect((await runCli(['webhooks', 'send', '--to', listen.url, '--secret', 'whsec_wrong'])).code).toBe(1)
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
    expect(await listen.stop('SIGINT')).toBe(0)
  })

  it('rejects a delivery over 1 MiB and a body that is not JSON, and keeps running', async () => {
    listen = await ListenProcess.start(['--secret', SECRET, '--json'], home.env)
    const big = join(home.dir, 'big.json')
    writeFileSync(big, JSON.stringify({pad: 'x'.repeat(2 * 1024 * 1024)}))
    const text = join(home.dir, 'text.txt')
    writeFileSync(text, 'hello')
    const tooLarge = await runCli(['webhooks', 'send', '--to', listen.url, '--secret', SECRET, '--payload', big])
    expect(tooLarge.code).toBe(1)
    expect(tooLarge.stderr).toMatch(/answered 413 to a correctly signed delivery/)
    const notJson = await runCli(['webhooks', 'send', '--to', listen.url, '--secret', SECRET, '--payload', text])
    expect(notJson.code).toBe(1)
    expect(notJson.stderr).toContain('is not JSON; it is sent as it is')
    expect((await runCli(['webhooks', 'send', '--to', listen.url, '--secret', SECRET])).code).toBe(0)
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
    for (let i = 0; i < 4; i++) {
      const result = await runCli(['webhooks', 'send', '--to', listen.url, '--secret', SECRET])
      codes.push(result.code)
      errors.push(result.stderr.trim())
    }
    expect(codes).toEqual([1, 1, 0, 0])
    expect(errors[0]).toBe(
      'Error: RECEIVER_CHECK: the receiver answered 500 to a correctly signed delivery: the service would retry it up to 10 times, backing off from 10 s to 5120 s',
    )
    const lines = await listen.waitForLines(4)
    expect(lines.map(line => /-> (\d+)/.exec(line)?.[1])).toEqual(['500', '500', '200', '200'])
    expect(listen.stderr).toContain('answering 500, 500, 200 (then the last again)')
  })

  it('verifies with the secret stored by webhooks create when no --secret is given', async () => {
    const api = await new FakeServer().start()
    try {
      api.next((req, res) =>
        json(res, 200, {
          id: 'sub_1',
          targetUrl: JSON.parse(req.body).targetUrl,
          eventType: 'payout',
          createdAt: '2026-11-21T10:00:00Z',
          signingSecret: SECRET,
        }),
      )
      const env = {...home.env, PAYCTL_ORIGIN: api.origin, PAYCTL_API_KEY: 'sk_test_key'}
      expect((await runCli(['webhooks', 'create', '--url', 'http://127.0.0.1:9/hooks'], {env})).code).toBe(0)
      listen = await ListenProcess.start([], env)
      expect(listen.stderr).toContain('1 secret (stored in profile "local")')
      expect((await runCli(['webhooks', 'send', '--to', listen.url, '--secret', SECRET])).code).toBe(0)
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
    runCli(['webhooks', 'send', '--to', `${app.origin}/hooks`, ...args], {env: {PAYCTL_WEBHOOK_SECRET: SECRET}})

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
  })

  it('sends a realistic v1 payout body with optional fields omitted, never null', async () => {
    await send('--status', 'requested')
    const body = JSON.parse(app.requests[0].body)
    expect(body).toMatchObject({status: 'requested', amount: '125.00', currency: 'EUR', payoutType: 'manual'})
    expect(Array.isArray(body.tags)).toBe(true)
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/)
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

  it('--stale signs correctly with a timestamp 10 minutes old', async () => {
    app.fallback = (_req, res) => json(res, 401, {})
    expect((await send('--stale')).code).toBe(0)
    const [request] = app.requests
    const timestamp = request.headers['x-service-timestamp'] as string
    expect(Date.now() / 1000 - Number(timestamp)).toBeGreaterThanOrEqual(600)
    expect(request.headers['x-service-signature']).toBe(hmac(SECRET, timestamp, request.body))
  })

  it('--bad-signature sends a well-formed signature that does not match', async () => {
    app.fallback = (_req, res) => json(res, 400, {})
    expect((await send('--bad-signature')).code).toBe(0)
    const [request] = app.requests
    const signature = request.headers['x-service-signature'] as string
    expect(signature).toMatch(/^[0-9a-f]{64}$/)
    expect(signature).not.toBe(hmac(SECRET, request.headers['x-service-timestamp'] as string, request.body))
  })

  it.each([
    [
      ['--bad-signature'],
      200,
      /accepted a delivery with a wrong signature \(answered 200\): the receiver does not verify/,
    ],
    [['--stale'], 204, /does not check the timestamp/],
    [['--bad-signature'], 410, /answered 410 .* would delete the subscription/],
    [['--stale'], 500, /answered 500 .* would retry it/],
    [[], 410, /answered 410 to a correctly signed delivery: the service would delete the subscription/],
    [[], 401, /does the receiver use the same secret/],
  ])('%j answered %i exits 1 with one clear line', async (args, status, message) => {
    app.fallback = (_req, res) => json(res, status, {})
    const result = await send(...args)
    expect(result.code).toBe(1)
    expect(result.stderr.trim().split('\n')).toHaveLength(1)
    expect(result.stderr).toMatch(message)
  })

  it('exits 7 when the receiver cannot be reached', async () => {
    const gone = await new FakeServer().start()
    const origin = gone.origin
    await gone.stop()
    const result = await runCli(['webhooks', 'send', '--to', origin, '--secret', SECRET])
    expect(result.code).toBe(7)
    expect(result.stderr).toMatch(
      /^Error: NETWORK: could not deliver to http:\/\/127\.0\.0\.1:\d+\/.*is your receiver running\?/,
    )
  })

  it.each([
    [['--secret', SECRET], /Missing required flag to/],
    [['--to', 'ftp://x', '--secret', SECRET], /--to "ftp:\/\/x" must use http or https/],
    [['--to', 'http://127.0.0.1:9', '--secret', SECRET, '--status', 'paid'], /--status/],
    [['--to', 'http://127.0.0.1:9'], /give the signing secret with --secret or PAYCTL_WEBHOOK_SECRET/],
  ])('bad usage %j exits 2 and sends nothing', async (args, message) => {
    const result = await runCli(['webhooks', 'send', ...args], {env: {PAYCTL_WEBHOOK_SECRET: undefined}})
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(message)
    expect(app.requests).toHaveLength(0)
  })
})

describe('webhooks verify', () => {
  const home = isolatedHome()
  const body = '{"id":"3f0c2b1a-9d8e-4f7a-b6c5-d4e3f2a1b0c9","status":"completed","amount":"125.00","currency":"EUR"}'
  const file = join(home.dir, 'delivery.body')
  writeFileSync(file, body)
  const now = String(Math.floor(Date.now() / 1000))
  const signature = hmac(SECRET, now, body)
  const verify = (args: string[], input?: string) =>
    runCli(['webhooks', 'verify', '--secret', SECRET, ...args], {input, env: home.env})

  it('agrees with node:crypto: a correct signature verifies (exit 0), from a file or stdin', async () => {
    const fromFile = await verify(['--timestamp', now, '--signature', signature, file])
    expect(fromFile.code).toBe(0)
    expect(fromFile.stdout).toMatch(/^Verified: signature valid; timestamp \d+ s old\n$/)
    const fromStdin = await verify(['--timestamp', now, '--signature', signature, '-'], body)
    expect(fromStdin.code).toBe(0)
  })

  it('explains a trailing newline (exit 1), as text and as JSON', async () => {
    const human = await verify(['--timestamp', now, '--signature', signature, '-'], `${body}\n`)
    expect(human.code).toBe(1)
    expect(human.stdout).toMatch(
      /^Not verified: the signature does not match the secret \(signature_mismatch\)\n {2}- the body changed: the file ends with a newline/,
    )
    const asJson = await verify(['--timestamp', now, '--signature', signature, '--json', '-'], `${body}\n`)
    expect(asJson.code).toBe(1)
    expect(JSON.parse(asJson.stdout)).toMatchObject({
      verified: false,
      reason: 'signature_mismatch',
      hints: [expect.stringMatching(/newline/)],
    })
  })

  it('explains a wrong secret, a stale timestamp and a base64 signature', async () => {
    const wrong = await runCli([
      'webhooks',
      'verify',
      '--secret',
      'whsec_other',
      '--timestamp',
      now,
      '--signature',
      signature,
      file,
    ])
    expect(wrong.stdout).toMatch(/either the secret is not this subscription's/)
    const old = String(Number(now) - 7200)
    const stale = await verify(['--timestamp', old, '--signature', hmac(SECRET, old, body), file])
    expect(stale.code).toBe(1)
    expect(stale.stdout).toMatch(/signature valid, but the timestamp is 2\.0 h old \(tolerance 300 s\)/)
    expect(
      (await verify(['--timestamp', old, '--signature', hmac(SECRET, old, body), '--tolerance', '0', file])).code,
    ).toBe(0)
    const base64 = Buffer.from(signature, 'hex').toString('base64')
    const encoded = await verify(['--timestamp', now, '--signature', base64, file])
    expect(encoded.stdout).toMatch(/wrong encoding: this is the right HMAC, but base64-encoded/)
  })

  it('reads the signature and timestamp from a headers file', async () => {
    const headers = join(home.dir, 'delivery.headers')
    writeFileSync(headers, `Host: 127.0.0.1\nX-Service-Signature: ${signature}\nX-Service-Timestamp: ${now}\n`)
    expect((await verify(['--headers', headers, file])).code).toBe(0)
  })

  it('needs a secret, a signature and a timestamp (exit 2)', async () => {
    const noSecret = await runCli(['webhooks', 'verify', '--timestamp', now, '--signature', signature, file], {
      env: {PAYCTL_WEBHOOK_SECRET: undefined},
    })
    expect(noSecret.code).toBe(2)
    expect((await verify(['--timestamp', now, file])).stderr).toMatch(/--signature/)
    expect((await verify(['--signature', signature, file])).code).toBe(2)
    expect((await verify(['--timestamp', now, '--signature', signature, join(home.dir, 'missing')])).stderr).toMatch(
      /cannot read .*missing \(ENOENT\)/,
    )
  })
})

describe('webhooks create, list, delete', () => {
  let api: FakeServer
  let home: ReturnType<typeof isolatedHome>
  let env: Record<string, string>
  const subscription = {
    id: '5b0c2f0e-8d1a-4c8e-9a55-0f1e2d3c4b5a',
    targetUrl: 'https://example.com/hooks',
    eventType: 'payout',
    createdAt: '2026-11-21T10:00:00Z',
  }
  const credentials = () => JSON.parse(readFileSync(join(home.env.PAYCTL_CONFIG_DIR, 'credentials.json'), 'utf8'))

  beforeAll(async () => {
    api = await new FakeServer().start()
  })
  afterAll(() => api.stop())
  beforeEach(() => {
    api.requests.length = 0
    home = isolatedHome()
    env = {...home.env, PAYCTL_ORIGIN: api.origin, PAYCTL_API_KEY: 'sk_test_key'}
  })

  it('create prints the secret once and stores it in the 0600 credentials file; list and delete follow it', async () => {
    api.next((_req, res) => json(res, 200, {...subscription, signingSecret: SECRET}))
    const created = await runCli(['webhooks', 'create', '--url', 'https://example.com/hooks'], {env})
    expect(created.code).toBe(0)
    expect(JSON.parse(api.requests[0].body)).toEqual({eventType: 'payout', targetUrl: 'https://example.com/hooks'})
    expect(created.stdout).toMatch(new RegExp(`Signing secret: ${SECRET}`))
    expect(created.stderr).toContain('stored in profile "local"')
    expect(credentials().profiles.local.webhookSecrets).toEqual({[subscription.id]: SECRET})
    expect(statSync(join(home.env.PAYCTL_CONFIG_DIR, 'credentials.json')).mode & 0o777).toBe(0o600)

    api.next((_req, res) =>
      json(res, 200, [subscription, {...subscription, id: 'other', targetUrl: 'https://b.example/'}]),
    )
    const listed = await runCli(['webhooks', 'list'], {env})
    expect(listed.code).toBe(0)
    const [header, first, second] = listed.stdout.trim().split('\n')
    expect(header).toMatch(/^ID\s+URL\s+Event type\s+Created\s+Secret$/)
    expect(first).toMatch(
      new RegExp(`^${subscription.id}\\s+https://example.com/hooks\\s+payout\\s+2026-11-21 \\d\\d:00\\s+stored$`),
    )
    expect(second).toMatch(/^other\s+https:\/\/b\.example\/\s+payout\s+.*\s+-$/)
    expect(listed.stdout).not.toContain(SECRET)

    api.next((_req, res) => json(res, 200, {...subscription, deleted: true}))
    const deleted = await runCli(['webhooks', 'delete', subscription.id], {env})
    expect(deleted.code).toBe(0)
    expect(deleted.stdout).toBe(`Deleted webhook subscription ${subscription.id}.\n`)
    expect(api.requests.at(-1)).toMatchObject({method: 'DELETE', url: `/api/v1/webhook/${subscription.id}`})
    expect(credentials().profiles.local?.webhookSecrets).toBeUndefined()
  })

  it('--json prints the raw API objects', async () => {
    api.next((_req, res) => json(res, 200, {...subscription, signingSecret: SECRET}))
    const created = await runCli(['webhooks', 'create', '--url', 'https://example.com/hooks', '--json'], {env})
    expect(JSON.parse(created.stdout)).toEqual({...subscription, signingSecret: SECRET})
    api.next((_req, res) => json(res, 200, [subscription]))
    expect(JSON.parse((await runCli(['webhooks', 'list', '--json'], {env})).stdout)).toEqual([subscription])
    api.next((_req, res) => json(res, 200, {}))
    const deleted = await runCli(['webhooks', 'delete', subscription.id, '--json'], {env})
    expect(JSON.parse(deleted.stdout)).toEqual({id: subscription.id, deleted: true})
  })

  it('delete of an unknown id exits 4 and still drops a stored secret', async () => {
    api.next((_req, res) => json(res, 200, {...subscription, signingSecret: SECRET}))
    await runCli(['webhooks', 'create', '--url', 'https://example.com/hooks'], {env})
    api.next((_req, res) => json(res, 404, {error: {code: 'NOT_FOUND', message: 'no webhook subscription'}}))
    const result = await runCli(['webhooks', 'delete', subscription.id], {env})
    expect(result.code).toBe(4)
    expect(result.stderr).toMatch(/^Error: NOT_FOUND: no webhook subscription/)
    expect(credentials().profiles.local?.webhookSecrets).toBeUndefined()
  })

  it('create rejects a URL that is not http(s) before sending anything', async () => {
    const result = await runCli(['webhooks', 'create', '--url', 'not a url'], {env})
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/--url "not a url" is not a URL/)
    expect(api.requests).toHaveLength(0)
  })

  it('list says so when there are no subscriptions', async () => {
    api.next((_req, res) => json(res, 200, []))
    const result = await runCli(['webhooks', 'list'], {env})
    expect(result.stdout).toBe('')
    expect(result.stderr).toMatch(/No webhook subscriptions/)
  })
})

describe('webhooks listen: usage and --register against a plain server', () => {
  let listen: ListenProcess | undefined
  afterEach(() => listen?.kill())

  it('needs a secret unless --register (exit 2)', async () => {
    const result = await runCli(['webhooks', 'listen', '--port', '0'], {
      env: {...isolatedHome().env, PAYCTL_WEBHOOK_SECRET: undefined},
    })
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/no signing secret to verify deliveries with; pass --secret/)
  })

  it.each([
    [['--respond-with', '200,abc'], /--respond-with "200,abc" must be HTTP statuses/],
    [['--forward-to', 'mailto:x@example.com'], /--forward-to .* must use http or https/],
    [['--public-url', 'https://x.example/'], /--register/],
  ])('%j exits 2', async (args, message) => {
    const result = await runCli(['webhooks', 'listen', '--port', '0', '--secret', SECRET, ...args], {
      env: isolatedHome().env,
    })
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(message)
  })

  it('--register against a remote origin needs --public-url', async () => {
    const result = await runCli(['webhooks', 'listen', '--port', '0', '--register'], {
      env: {...isolatedHome().env, PAYCTL_ORIGIN: 'https://api.example.com', PAYCTL_API_KEY: 'sk_live_x'},
    })
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/--register against https:\/\/api\.example\.com needs --public-url/)
  })

  it('a port in use is one clear line (exit 2)', async () => {
    const busy = await new FakeServer().start()
    try {
      const port = new URL(busy.origin).port
      const result = await runCli(['webhooks', 'listen', '--port', port, '--secret', SECRET], {env: isolatedHome().env})
      expect(result.code).toBe(2)
      expect(result.stderr).toBe(`Error: port ${port} on 127.0.0.1 is in use; pick another with --port, or --port 0\n`)
    } finally {
      await busy.stop()
    }
  })

  it('--register --public-url subscribes that URL, and SIGINT deletes the subscription', async () => {
    const api = await new FakeServer().start()
    try {
      api.next((req, res) =>
        json(res, 200, {
          id: 'sub_9',
          ...JSON.parse(req.body),
          createdAt: '2026-11-21T10:00:00Z',
          signingSecret: SECRET,
        }),
      )
      listen = await ListenProcess.start(['--register', '--public-url', 'https://abc.tunnel.example/hooks'], {
        ...isolatedHome().env,
        PAYCTL_ORIGIN: api.origin,
        PAYCTL_API_KEY: 'sk_test_key',
      })
      expect(JSON.parse(api.requests[0].body)).toEqual({
        targetUrl: 'https://abc.tunnel.example/hooks',
        eventType: 'payout',
      })
      expect(listen.secret).toBe(SECRET)
      expect(await listen.stop('SIGINT')).toBe(0)
      expect(api.requests[1]).toMatchObject({method: 'DELETE', url: '/api/v1/webhook/sub_9'})
      expect(listen.stderr).toContain('Deleted webhook subscription sub_9.')
    } finally {
      await api.stop()
    }
  })

  it('reports a failed clean-up with the command that finishes it', async () => {
    const api = await new FakeServer().start()
    try {
      api.next(
        (req, res) => json(res, 200, {id: 'sub_7', ...JSON.parse(req.body), signingSecret: SECRET}),
        (_req, res) => json(res, 403, {error: {code: 'INSUFFICIENT_SCOPE', message: 'missing scope'}}),
      )
      listen = await ListenProcess.start(['--register', '--public-url', 'https://abc.tunnel.example/'], {
        ...isolatedHome().env,
        PAYCTL_ORIGIN: api.origin,
        PAYCTL_API_KEY: 'sk_test_key',
      })
      expect(await listen.stop('SIGTERM')).toBe(3)
      expect(listen.stderr).toMatch(
        /Error: INSUFFICIENT_SCOPE: could not delete webhook subscription sub_7: missing scope.*payctl webhooks delete sub_7/,
      )
    } finally {
      await api.stop()
    }
  })
})
