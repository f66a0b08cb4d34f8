import {describe, expect, it} from 'vitest'
import {LOCAL_EMULATOR} from '../../src/shared/local-emulator.js'
import {useEmulator} from '../helpers/emulator.js'
import {homeFor, login, PROFILE, startLogin} from './helpers.js'

/** auth status tells where everything comes from, also when refused; login defaults and the emulator's client. */
const ctx = useEmulator({autoConsent: true})

describe('auth status', () => {
  it('a refused key still shows profile, environment, origin and source, with the refusal; exit 3, no loop', async () => {
    const home = homeFor(ctx.emu.url)
    const refused = await home.run(['auth', 'status'], {env: {PAYCTL_API_KEY: 'sk_sandbox_revoked_0000000000'}})
    expect(refused.code).toBe(3)
    expect(refused.stdout).toMatch(new RegExp(`^Profile:\\s+${PROFILE} \\(sandbox; chosen by active profile\\)$`, 'm'))
    expect(refused.stdout).toMatch(new RegExp(`^Origin:\\s+${ctx.emu.url}$`, 'm'))
    expect(refused.stdout).toMatch(/^Credentials:\s+PAYCTL_API_KEY/m)
    expect(refused.stdout).toMatch(/^Status:\s+refused: UNAUTHORIZED: /m)
    expect(refused.stderr.trim().split('\n')).toHaveLength(1)
    expect(refused.stderr).toContain('check PAYCTL_API_KEY, or unset it')
    expect(refused.stderr).not.toContain('payctl auth status')

    const json = await home.run(['auth', 'status', '--json', '--profile', PROFILE], {
      env: {PAYCTL_API_KEY: 'sk_sandbox_revoked_0000000000', PAYCTL_ORIGIN: ctx.emu.url},
    })
    expect(json.code).toBe(3)
    expect(JSON.parse(json.stdout)).toMatchObject({
      profile: PROFILE,
      selectedBy: '--profile',
      environment: 'sandbox',
      origin: ctx.emu.url,
      originFrom: 'PAYCTL_ORIGIN',
      source: 'env',
      valid: false,
      refusal: {code: 'UNAUTHORIZED', status: 401},
    })
    expect(JSON.parse(json.stderr).error.code).toBe('AUTH')
  })

  it('the built-in local profile: chosen by default, the emulator key, PAYCTL_PROFILE named when it chose', async () => {
    const home = homeFor(ctx.emu.url)
    const byEnv = await home.run(['auth', 'status', '--json'], {
      env: {PAYCTL_PROFILE: 'local', PAYCTL_ORIGIN: ctx.emu.url},
    })
    expect(byEnv.code, byEnv.stderr).toBe(0)
    expect(JSON.parse(byEnv.stdout)).toMatchObject({profile: 'local', selectedBy: 'PAYCTL_PROFILE', source: 'builtin'})
  })
})

describe('auth login defaults', () => {
  it('on local: the default scopes cover team update and approve; the emulator key stays until success; logout returns to it', async () => {
    const home = homeFor(ctx.emu.url)
    home.env.PAYCTL_ORIGIN = ctx.emu.url
    const {result, authUrl} = await login(home, ['--profile', 'local', '--login-hint', 'owner@example.com'])
    expect(authUrl.searchParams.get('client_id')).toBe(LOCAL_EMULATOR.oauthClientId)
    const scopes = authUrl.searchParams.get('scope')?.split(' ')
    expect(scopes).toEqual(
      expect.arrayContaining(['team:manage', 'payouts:approve', 'webhooks:write', 'offline_access']),
    )
    expect(result.stderr).toContain('"payctl auth logout --profile local" returns to it')
    expect((await home.run(['team', 'update', '--dac7-reporting', 'true', '--profile', 'local'])).code).toBe(0)
    const created = await home.run([
      'api',
      'POST',
      '/api/v2/payouts',
      '--profile',
      'local',
      '-d',
      JSON.stringify({
        description: 'x',
        amount: '1.00',
        currency: 'EUR',
        recipient: {type: 'email', email: 'a@example.com'},
      }),
    ])
    const approve = await home.run(['payouts', 'approve', JSON.parse(created.stdout).id, '--profile', 'local'])
    expect(approve.code, approve.stderr).toBe(0)
    expect((await home.run(['auth', 'logout', '--profile', 'local'])).code).toBe(0)
    const status = await home.run(['auth', 'status', '--json', '--profile', 'local'])
    expect(JSON.parse(status.stdout)).toMatchObject({source: 'builtin', valid: true})
  }, 60_000)

  it('a login that does not complete leaves the emulator key in force', async () => {
    const home = homeFor(ctx.emu.url)
    home.env.PAYCTL_ORIGIN = ctx.emu.url
    const {cli} = await startLogin(home, ['--profile', 'local', '--timeout', '1'])
    expect((await cli).code).not.toBe(0)
    const status = await home.run(['auth', 'status', '--json', '--profile', 'local'])
    expect(JSON.parse(status.stdout)).toMatchObject({source: 'builtin', valid: true})
  })

  it("local with PAYCTL_ORIGIN at another authorization server registers instead of sending the emulator's client id", async () => {
    const {createServer} = await import('node:http')
    let origin = ''
    const server = createServer((req, res) => {
      res.setHeader('content-type', 'application/json')
      if (req.url?.startsWith('/.well-known/')) {
        res.end(
          JSON.stringify({
            issuer: `${origin}/api/auth`,
            authorization_endpoint: `${origin}/authorize`,
            token_endpoint: `${origin}/token`,
            registration_endpoint: `${origin}/register`,
            code_challenge_methods_supported: ['S256'],
          }),
        )
      } else if (req.url === '/register') res.end(JSON.stringify({client_id: 'cl_other_server'}))
      else res.writeHead(404).end('{}')
    })
    await new Promise<void>(resolve => server.listen(0, '127.0.0.2', resolve))
    origin = `http://127.0.0.2:${(server.address() as {port: number}).port}`
    try {
      const home = homeFor(ctx.emu.url)
      const result = await home.run(['auth', 'login', '--profile', 'local', '--no-browser', '--timeout', '1'], {
        env: {PAYCTL_ORIGIN: origin},
      })
      expect(result.code).not.toBe(0)
      const url = new URL(/(http:\/\/127\.0\.0\.2:\d+\/authorize\?\S+)/.exec(result.stderr)![1])
      expect(url.searchParams.get('client_id')).toBe('cl_other_server')
      expect(url.searchParams.get('scope')).not.toContain('payouts:approve')
    } finally {
      server.close()
    }
  })
})
