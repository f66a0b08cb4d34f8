import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest'
import {isolatedHome, runCli} from '../helpers/cli.js'
import {FakeServer, json} from '../helpers/fake-server.js'
import {type McpSession, startMcp} from '../mcp/mcp-client.js'

const KEY = 'sk_live_0123456789abcdefSECRET'
const WEBHOOK_SECRET = 'whsec_abcdefghijklmnopSECRET'

/** A misconfigured proxy that quotes the request's Authorization header (and the key) back in every answer. */
describe('secrets a server echoes never reach the user or the agent', {timeout: 120_000}, () => {
  const server = new FakeServer()
  beforeAll(async () => {
    // Retry-After: 0 on the 500: the client still retries (and traces each retry) but does not back off.
    server.fallback = (req, res) => {
      const transient = req.url.includes('/team')
      const error = {code: 'VALIDATION_ERROR', message: `bad key ${req.headers.authorization} (raw ${KEY})`}
      json(res, transient ? 500 : 400, {error}, transient ? {'retry-after': '0'} : {})
    }
    await server.start()
  })
  afterAll(() => server.stop())
  let session: McpSession | undefined
  afterEach(async () => {
    await session?.close()
    session = undefined
  })

  const env = (): Record<string, string> => ({
    ...isolatedHome().env,
    PAYCTL_ORIGIN: server.origin,
    PAYCTL_API_KEY: KEY,
    PAYCTL_WEBHOOK_SECRET: WEBHOOK_SECRET,
  })

  const commands = [
    ['team', 'get'],
    ['payouts', 'list'],
    ['payouts', 'get', 'payout_0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f'],
    ['payouts', 'create', '--amount', '5', '--currency', 'EUR', '--description', 'x', '--email', 'a@example.com'],
  ]

  it.each(commands)('%s %s: stderr, --json and --debug say [redacted]', async (...args) => {
    const extras = args[0] === 'team' ? [['--json'], ['--debug']] : [['--debug']]
    const results = await Promise.all(extras.map(extra => runCli([...args, ...extra], {env: env()})))
    for (const result of results) {
      expect(result.code, result.stderr).toBe(args.join(' ') === 'team get' ? 7 : 6)
      expect(result.stderr + result.stdout).not.toContain(KEY)
      expect(result.stderr + result.stdout).not.toContain('SECRET')
      expect(result.stderr).toContain('[redacted]')
    }
  })

  it('the tool answer carries no key, and the audit log redacts secret-named arguments in any spelling', async () => {
    const home = env()
    session = await startMcp([], home)
    const answer = await session.call('payouts_list', {})
    expect(answer.isError).toBe(true)
    expect(JSON.stringify(answer)).not.toContain(KEY)
    expect(JSON.stringify(answer)).toContain('[redacted]')
    const named = {
      'api-key': 'sk_a_123456',
      API_KEY: 'sk_b_123456',
      authorization: 'Bearer t_1234567',
      'x-api-key': 'k_1234567',
    }
    await session.call('team_get', named)
    const audit = readFileSync(join(home.PAYCTL_DATA_DIR, 'mcp-audit.jsonl'), 'utf8')
    for (const value of [KEY, ...Object.values(named)]) expect(audit).not.toContain(value)
  })
})
