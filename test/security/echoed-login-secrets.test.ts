import {mkdirSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest'
import {isolatedHome, runCli} from '../helpers/cli.js'
import {FakeServer, json} from '../helpers/fake-server.js'
import {type McpSession, startMcp} from '../mcp/mcp-client.js'

const ACCESS = 'at_access0123456789LOGIN'
const REFRESH = 'rt_refresh0123456789LOGIN'
const WEBHOOK_SECRET = 'whsec_stored0123456789LOGIN'
const PAYOUT = 'payout_0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f'
/** Every secret of the profile, bare (no "Bearer" before them): a server that quotes what it knows. */
const ECHO = `access ${ACCESS} refresh ${REFRESH} signing ${WEBHOOK_SECRET}`

/**
 * An OAuth login and a stored webhook signing secret, echoed by a hostile server: in API errors, in a successful
 * answer, and in the token endpoint's refusal of a refresh. None reaches stderr, --debug, --json or a tool answer.
 */
describe('login tokens and webhook secrets a server echoes never reach the user or the agent', {
  timeout: 120_000,
}, () => {
  const server = new FakeServer()
  beforeAll(async () => {
    server.fallback = (req, res) => {
      if (req.url.startsWith('/oauth/token'))
        return json(res, 400, {error: 'invalid_grant', error_description: `revoked: ${ECHO}`})
      if (req.url.startsWith(`/api/v2/payouts/${PAYOUT}`))
        return json(res, 200, {
          id: PAYOUT,
          status: 'created',
          amount: '5.00',
          currency: 'EUR',
          description: ECHO,
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
        })
      // Retry-After: 0: the client still retries (and traces each retry) but does not back off; redaction is the point.
      return json(res, 500, {error: {code: 'INTERNAL_ERROR', message: `bad login: ${ECHO}`}}, {'retry-after': '0'})
    }
    await server.start()
  })
  afterAll(() => server.stop())
  let session: McpSession | undefined
  afterEach(async () => {
    await session?.close()
    session = undefined
  })

  /** A home whose profile logged in with OAuth (expired: the next call refreshes) and stored a webhook secret. */
  function home(expired: boolean): Record<string, string> {
    const {env} = isolatedHome()
    mkdirSync(env.PAYCTL_CONFIG_DIR, {recursive: true, mode: 0o700})
    const profiles = {echo: {environment: 'sandbox', origin: server.origin}}
    writeFileSync(join(env.PAYCTL_CONFIG_DIR, 'config.json'), JSON.stringify({profiles, activeProfile: 'echo'}))
    const oauth = {
      accessToken: ACCESS,
      refreshToken: REFRESH,
      expiresAt: new Date(Date.now() + (expired ? -3600_000 : 3600_000)).toISOString(),
      clientId: 'payctl-test',
      tokenEndpoint: `${server.origin}/oauth/token`,
    }
    const credentials = {version: 1, profiles: {echo: {oauth, webhookSecrets: {wh_1: WEBHOOK_SECRET}}}}
    writeFileSync(join(env.PAYCTL_CONFIG_DIR, 'credentials.json'), JSON.stringify(credentials), {mode: 0o600})
    return env
  }

  const expectClean = (text: string) => {
    for (const secret of [ACCESS, REFRESH, WEBHOOK_SECRET]) expect(text).not.toContain(secret)
    expect(text).toContain('[redacted]')
  }

  it.each([
    ['an API error', false],
    ["the token endpoint's refusal of a refresh", true],
  ])('%s: stderr, --json and --debug say [redacted]', async (_case, expired) => {
    const results = await Promise.all(
      [[], ['--json'], ['--debug']].map(extra => runCli(['team', 'get', ...extra], {env: home(expired)})),
    )
    for (const result of results) {
      expect(result.code).not.toBe(0)
      expectClean(result.stderr + result.stdout)
    }
  })

  it('a successful answer: --debug says [redacted]; the tokens are gone from what is printed', async () => {
    const result = await runCli(['payouts', 'get', PAYOUT, '--api', 'v2', '--debug'], {env: home(false)})
    expect(result.code, result.stderr).toBe(0)
    expectClean(result.stderr)
    // The person's own output may show a webhook secret their server put in a payout; the login never.
    expect(result.stdout).toContain('access [redacted] refresh [redacted]')
  })

  it.each([
    ['an API error', false, 'team_get', {}],
    ["the token endpoint's refusal of a refresh", true, 'team_get', {}],
    ['a successful answer', false, 'payouts_get', {id: [PAYOUT]}],
  ])('%s: the tool answer says [redacted]', async (_case, expired, tool, args) => {
    session = await startMcp([], home(expired as boolean))
    const answer = await session.call(tool as string, args as Record<string, unknown>)
    expectClean(JSON.stringify(answer))
  })
})
