import {createServer, type Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import type Provider from 'oidc-provider'
import {request} from 'undici'
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest'
import {LOCAL_EMULATOR} from '../../src/shared/local-emulator.js'
import {runCli} from '../helpers/cli.js'
import {homeFor, PROFILE} from './helpers.js'

/**
 * `auth login` against a standard authorization server that is not our emulator: panva's oidc-provider on a
 * random 127.0.0.1 port, mounted so that its issuer is `{origin}/api/auth`, with dynamic registration, PKCE
 * S256, resource indicators (JWT access tokens carrying the team claim) and its development interactions,
 * which the test answers with plain HTTP requests as a browser would. Loopback is not "the emulator": the
 * CLI must discover the server and register itself, never send the emulator's seeded client.
 */

vi.setConfig({testTimeout: 60_000})

const TEAM_ID = 'team_5f0c7c2e-1d2b-4a3c-8e4f-0a1b2c3d4e5f'
const SCOPES = [
  'team:read',
  'team:manage',
  'payouts:read',
  'payouts:write',
  'counterparties:read',
  'counterparties:write',
  'transactions:read',
  'sessions:write',
  'webhooks:write',
]

let server: Server
let origin: string

/**
 * oidc-provider's own lines about this deliberately minimal development setup (in-memory adapter, its dev keys
 * and login pages, default lifetimes, Node 20) are kept out of the test output; any other line passes.
 */
const QUICK_START_NOTE = /^oidc-provider (WARNING|NOTICE): /
function quietQuickStart(): () => void {
  const spies = (['warn', 'info'] as const).map(level => {
    const original = console[level].bind(console)
    return vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      if (!QUICK_START_NOTE.test(String(args[0]))) original(...args)
    })
  })
  return () => {
    for (const spy of spies) spy.mockRestore()
  }
}
const restoreConsole = quietQuickStart()

function standardServer(Provider: typeof import('oidc-provider').default, issuer: string): Provider {
  return new Provider(issuer, {
    clients: [],
    scopes: ['openid', 'offline_access'],
    features: {
      registration: {enabled: true},
      devInteractions: {enabled: true},
      resourceIndicators: {
        enabled: true,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => ({
          scope: SCOPES.join(' '),
          audience: resource,
          accessTokenFormat: 'jwt',
          jwt: {sign: {alg: 'RS256'}},
        }),
      },
    },
    pkce: {required: () => true},
    extraTokenClaims: () => ({[`${new URL(issuer).origin}/oauth/team_id`]: TEAM_ID}),
    findAccount: (_ctx, id) => ({accountId: id, claims: () => ({sub: id, email: id})}),
  })
}

beforeAll(async () => {
  server = createServer()
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const {default: Provider} = await import('oidc-provider')
  const provider = standardServer(Provider, `${origin}/api/auth`)
  const callback = provider.callback()
  // Mounted at /api/auth as a connect-style app would (oidc-provider reads the mount path from originalUrl).
  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/api/auth/')) return res.writeHead(404).end()
    Object.assign(req, {originalUrl: req.url})
    req.url = req.url.slice('/api/auth'.length)
    callback(req, res)
  })
})

afterAll(async () => {
  restoreConsole()
  server?.closeAllConnections()
  await new Promise<void>(resolve => server?.close(() => resolve()))
})

/** A browser of sorts: follows redirects by hand and keeps the cookies the server sets. */
class Browser {
  private readonly cookies = new Map<string, string>()

  async go(url: string, form?: Record<string, string>) {
    const res = await request(url, {
      method: form ? 'POST' : 'GET',
      headers: {
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form ? {'content-type': 'application/x-www-form-urlencoded'} : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    })
    const text = await res.body.text()
    const setCookie = res.headers['set-cookie']
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair] = line.split(';')
      const eq = pair.indexOf('=')
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1))
    }
    const location = res.headers.location as string | undefined
    return {status: res.statusCode, text, location: location && new URL(location, url).toString()}
  }

  /** GETs until the answer is not a redirect to the server itself; answers the last redirect elsewhere. */
  async follow(url: string): Promise<{status: number; text: string; url: string}> {
    let current = url
    for (;;) {
      const res = await this.go(current)
      if (!res.location) return {...res, url: current}
      if (!res.location.startsWith(origin)) return {...res, url: res.location}
      current = res.location
    }
  }

  /** Sign in as `login`, consent, and land on the CLI's callback. */
  async logIn(authorizationUrl: string, login: string) {
    let page = await this.follow(authorizationUrl)
    expect(page.text).toContain('name="login"')
    const afterLogin = await this.go(page.url, {prompt: 'login', login, password: 'any'})
    page = await this.follow(afterLogin.location!)
    expect(page.text).toContain('value="consent"')
    const afterConsent = await this.go(page.url, {prompt: 'consent'})
    const callback = await this.follow(afterConsent.location!)
    return new URL(callback.url)
  }
}

const OPEN_URL = /Open this URL to log in:\n(\S+)/

async function logIn(env: Record<string, string>, args: string[] = []) {
  const cli = runCli(['auth', 'login', '--no-browser', ...args], {env})
  const authUrl = new URL((await cli.waitFor(OPEN_URL))[1])
  const callback = await new Browser().logIn(authUrl.toString(), 'ops@example.com')
  expect(callback.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  const page = await request(callback)
  expect(await page.body.text()).toContain('payctl is logged in')
  return {result: await cli, authUrl}
}

describe('auth login against a standard authorization server on 127.0.0.1', () => {
  it('through PAYCTL_ORIGIN: discovery, dynamic registration, PKCE S256 and the resource, never the seeded client', async () => {
    const home = homeFor('http://127.0.0.1:9')
    const env = {...home.env, PAYCTL_ORIGIN: origin}
    const {result, authUrl} = await logIn(env, ['--profile', 'local'])
    expect(result.code, result.stderr).toBe(0)
    expect(authUrl.pathname).toBe('/api/auth/auth')
    const clientId = authUrl.searchParams.get('client_id')
    expect(clientId).toBeTruthy()
    expect(clientId).not.toBe(LOCAL_EMULATOR.oauthClientId)
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256')
    expect(authUrl.searchParams.get('resource')).toBe(`${origin}/api/v1`)
    expect(result.stderr).toContain(`Logged in to team ${TEAM_ID} on profile "local" (${origin})`)
  })

  it('through a named profile: the same, and the registered client is remembered for the next login', async () => {
    const home = homeFor(origin)
    const first = await logIn(home.env)
    expect(first.result.code, first.result.stderr).toBe(0)
    expect(first.result.stderr).toContain(`to team ${TEAM_ID} on profile "${PROFILE}"`)
    const stored = home.credentials().oauth
    expect(stored.teamId).toBe(TEAM_ID)
    expect(stored.accessToken).toBeTruthy()
    const clientId = first.authUrl.searchParams.get('client_id')
    const second = await logIn(home.env)
    expect(second.result.code, second.result.stderr).toBe(0)
    expect(second.authUrl.searchParams.get('client_id')).toBe(clientId)
    expect(second.result.stderr).not.toMatch(/registering payctl/)
  })
})
