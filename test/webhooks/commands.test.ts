import {createHmac} from 'node:crypto'
import {readFileSync, statSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, afterEach, beforeAll, beforeEach, describe, expect, it} from 'vitest'
import {isolatedHome, runCli} from '../helpers/cli.js'
import {FakeServer, json} from '../helpers/fake-server.js'
import {runCommand} from '../helpers/run-command.js'
import {ListenProcess} from './listen-process.js'

const SECRET = 'whsec_commands_test_secret_0123456789'
const hmac = (secret: string, timestamp: string, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')

describe('webhooks verify', () => {
  const home = isolatedHome()
  const body = '{"id":"3f0c2b1a-9d8e-4f7a-b6c5-d4e3f2a1b0c9","status":"completed","amount":"125.00","currency":"EUR"}'
  const file = join(home.dir, 'delivery.body')
  writeFileSync(file, body)
  const now = String(Math.floor(Date.now() / 1000))
  const signature = hmac(SECRET, now, body)
  const verify = (args: string[], input?: string) =>
    runCommand(['webhooks', 'verify', '--secret', SECRET, ...args], {input, env: home.env})

  it('agrees with node:crypto: a correct signature verifies (exit 0), from a file or stdin', async () => {
    const fromFile = await verify(['--timestamp', now, '--signature', signature, file])
    expect(fromFile.code).toBe(0)
    expect(fromFile.stdout).toMatch(/^Verified: signature valid; timestamp \d+ s old\n$/)
    const fromStdin = await verify(['--timestamp', now, '--signature', signature, '-'], body)
    expect(fromStdin.code).toBe(0)
  })

  it('explains a trailing newline (exit 1)', async () => {
    const human = await verify(['--timestamp', now, '--signature', signature, '-'], `${body}\n`)
    expect(human.code).toBe(1)
    expect(human.stdout).toMatch(
      /^Not verified: the signature does not match the secret \(signature_mismatch\)\n {2}- the body changed: the file ends with a newline/,
    )
  })

  it('--json explains a wrong secret; a stale timestamp fails unless --tolerance 0', async () => {
    const wrong = await runCommand(
      ['webhooks', 'verify', '--secret', 'whsec_other', '--timestamp', now, '--signature', signature, '--json', file],
      {env: home.env},
    )
    expect(wrong.code).toBe(1)
    expect(JSON.parse(wrong.stdout)).toMatchObject({
      verified: false,
      reason: 'signature_mismatch',
      hints: [expect.stringMatching(/either the secret is not this subscription's/), expect.any(String)],
    })
    const old = String(Number(now) - 7200)
    const stale = await verify(['--timestamp', old, '--signature', hmac(SECRET, old, body), file])
    expect(stale.code).toBe(1)
    expect(stale.stdout).toMatch(/signature valid, but the timestamp is 2\.0 h old \(tolerance 300 s\)/)
    const signatureOnly = await verify([
      '--timestamp',
      old,
      '--signature',
      hmac(SECRET, old, body),
      '--tolerance',
      '0',
      file,
    ])
    expect(signatureOnly.code).toBe(0)
  })

  it('reads the signature and timestamp from a headers file', async () => {
    const headers = join(home.dir, 'delivery.headers')
    writeFileSync(headers, `Host: 127.0.0.1\nX-Service-Signature: ${signature}\nX-Service-Timestamp: ${now}\n`)
    expect((await verify(['--headers', headers, file])).code).toBe(0)
  })

  it('needs a secret, a signature and a timestamp (exit 2)', async () => {
    const noSecret = await runCommand(['webhooks', 'verify', '--timestamp', now, '--signature', signature, file], {
      env: {PAYCTL_WEBHOOK_SECRET: undefined},
    })
    expect(noSecret.code).toBe(2)
    const noSignature = await verify(['--timestamp', now, file])
    expect(noSignature.code).toBe(2)
    expect(noSignature.stderr).toMatch(/--signature/)
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
    api.next(
      (_req, res) => json(res, 200, []),
      (_req, res) => json(res, 200, {...subscription, signingSecret: SECRET}),
    )
    const created = await runCommand(['webhooks', 'create', '--url', 'https://example.com/hooks'], {env})
    expect(created.code).toBe(0)
    expect(api.requests[0]).toMatchObject({method: 'GET', url: '/api/v1/webhook'})
    expect(JSON.parse(api.requests[1].body)).toEqual({eventType: 'payout', targetUrl: 'https://example.com/hooks'})
    expect(created.stdout).toMatch(new RegExp(`Signing secret: ${SECRET}`))
    expect(created.stderr).toContain('stored in profile "local"')
    expect(credentials().profiles.local.webhookSecrets).toEqual({[subscription.id]: SECRET})
    expect(statSync(join(home.env.PAYCTL_CONFIG_DIR, 'credentials.json')).mode & 0o777).toBe(0o600)

    api.next((_req, res) =>
      json(res, 200, [subscription, {...subscription, id: 'other', targetUrl: 'https://b.example/'}]),
    )
    const listed = await runCommand(['webhooks', 'list'], {env})
    expect(listed.code).toBe(0)
    const [first, second] = listed.stdout.trim().split('\n')
    expect(first).toMatch(
      new RegExp(`^${subscription.id}\\thttps://example.com/hooks\\tpayout\\t2026-11-21 \\d\\d:00\\tstored$`),
    )
    expect(second).toMatch(/^other\thttps:\/\/b\.example\/\tpayout\t.*\t-$/)
    expect(listed.stdout).not.toContain(SECRET)

    api.next(
      (_req, res) => json(res, 200, [subscription]),
      (_req, res) => json(res, 200, {...subscription, deleted: true}),
    )
    const deleted = await runCommand(['webhooks', 'delete', subscription.id], {env})
    expect(deleted.code).toBe(0)
    expect(deleted.stdout).toBe(`Deleted webhook subscription ${subscription.id}.\n`)
    expect(api.requests.at(-1)).toMatchObject({method: 'DELETE', url: `/api/v1/webhook/${subscription.id}`})
    expect(credentials().profiles.local?.webhookSecrets).toBeUndefined()
  })

  it('--json prints the raw API objects', async () => {
    api.next(
      (_req, res) => json(res, 200, []),
      (_req, res) => json(res, 200, {...subscription, signingSecret: SECRET}),
    )
    const created = await runCommand(['webhooks', 'create', '--url', 'https://example.com/hooks', '--json'], {env})
    expect(JSON.parse(created.stdout)).toEqual({...subscription, signingSecret: SECRET})
    api.next((_req, res) => json(res, 200, [subscription]))
    expect(JSON.parse((await runCommand(['webhooks', 'list', '--json'], {env})).stdout)).toEqual([subscription])
    api.next(
      (_req, res) => json(res, 200, [subscription]),
      (_req, res) => json(res, 200, {}),
    )
    const deleted = await runCommand(['webhooks', 'delete', subscription.id, '--json'], {env})
    expect(JSON.parse(deleted.stdout)).toEqual({id: subscription.id, deleted: true})
  })

  it('delete of an id the team does not have sends no DELETE, exits 4 naming its subscriptions (issue 53)', async () => {
    api.next(
      (_req, res) => json(res, 200, []),
      (_req, res) => json(res, 200, {...subscription, signingSecret: SECRET}),
    )
    await runCommand(['webhooks', 'create', '--url', 'https://example.com/hooks'], {env})
    const other = {...subscription, id: 'other', targetUrl: 'https://b.example/'}
    api.next((_req, res) => json(res, 200, [other]))
    const sent = api.requests.length
    const result = await runCommand(['webhooks', 'delete', subscription.id], {env})
    expect(result.code).toBe(4)
    expect(result.stderr).toBe(
      `Error: NOT_FOUND: the team has no webhook subscription "${subscription.id}"; its subscriptions: other (https://b.example/) ("payctl webhooks list")\n`,
    )
    expect(api.requests.slice(sent).map(r => r.method)).toEqual(['GET'])
    expect(credentials().profiles.local?.webhookSecrets).toBeUndefined()
    api.next(
      (_req, res) => json(res, 200, [subscription]),
      (_req, res) => json(res, 404, {error: {code: 'NOT_FOUND', message: 'no webhook subscription'}}),
    )
    const raced = await runCommand(['webhooks', 'delete', subscription.id], {env})
    expect(raced.code).toBe(4)
    expect(raced.stderr).toMatch(/^Error: NOT_FOUND: no webhook subscription/)
  })

  it('create rejects a URL that is not http(s) before sending anything', async () => {
    const result = await runCommand(['webhooks', 'create', '--url', 'not a url'], {env})
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/--url "not a url" is not a URL/)
    expect(api.requests).toHaveLength(0)
  })

  it('list says so when there are no subscriptions', async () => {
    api.next((_req, res) => json(res, 200, []))
    const result = await runCommand(['webhooks', 'list'], {env})
    expect(result.stdout).toBe('')
    expect(result.stderr).toMatch(/No webhook subscriptions/)
  })
})

describe('webhooks listen: usage and --register against a plain server', () => {
  let listen: ListenProcess | undefined
  afterEach(() => listen?.kill())

  it('on production, needs a secret unless --register (exit 2)', async () => {
    const home = isolatedHome()
    const add = ['profiles', 'add', 'prod', '--environment', 'production', '--origin', 'https://api.example.com']
    expect((await runCommand(add, {env: home.env})).code).toBe(0)
    const result = await runCli(['webhooks', 'listen', '--port', '0', '--profile', 'prod'], {
      env: {...home.env, PAYCTL_WEBHOOK_SECRET: undefined},
    })
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/no signing secret to verify deliveries with; pass --secret/)
    expect(result.stderr).toContain('"payctl webhooks create --url http://127.0.0.1:PORT/"')
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
      expect(result.stderr).toBe(
        `Error: PORT_IN_USE: port ${port} on 127.0.0.1 is in use; pick another with --port, or --port 0\n`,
      )
    } finally {
      await busy.stop()
    }
  })

  it('--register --public-url subscribes that URL, and SIGINT deletes the subscription', async () => {
    const api = await new FakeServer().start()
    try {
      api.next(
        (req, res) =>
          json(res, 200, {
            id: 'sub_9',
            ...JSON.parse(req.body),
            createdAt: '2026-11-21T10:00:00Z',
            signingSecret: SECRET,
          }),
        // The team's subscriptions, each named as delivering here or elsewhere.
        (_req, res) =>
          json(res, 200, [
            {id: 'sub_9', targetUrl: 'https://abc.tunnel.example/hooks'},
            {id: 'sub_1', targetUrl: 'https://app.example/hooks'},
          ]),
      )
      listen = await ListenProcess.start(['--register', '--public-url', 'https://abc.tunnel.example/hooks'], {
        ...isolatedHome().env,
        PAYCTL_ORIGIN: api.origin,
        PAYCTL_API_KEY: 'sk_test_key',
      })
      expect(JSON.parse(api.requests[0].body)).toEqual({
        targetUrl: 'https://abc.tunnel.example/hooks',
        eventType: 'payout',
        events: ['payout.completed', 'payout.failed'],
      })
      expect(listen.secret).toBe(SECRET)
      expect(await listen.stop('SIGINT')).toBe(130)
      expect(listen.stderr).toContain(
        'Warning: webhook subscription sub_1 delivers to https://app.example/hooks, not to this listener',
      )
      expect(api.requests[2]).toMatchObject({method: 'DELETE', url: '/api/v1/webhook/sub_9'})
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
        (_req, res) => json(res, 200, []),
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
