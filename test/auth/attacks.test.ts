import {describe, expect, it} from 'vitest'
import {LOCAL_EMULATOR} from '../../src/shared/local-emulator.js'
import {pkce} from '../emulator/oauth-helpers.js'
import {control} from '../helpers/control.js'
import {useEmulator} from '../helpers/emulator.js'
import {completeLogin, get, homeFor, login, startLogin} from './helpers.js'

/**
 * Attacks and mistakes around `auth login`: each is refused with a clear message and exit 3, and nothing
 * is stored.
 */
const ctx = useEmulator({autoConsent: true})

const LOGIN = ['--client-id', LOCAL_EMULATOR.oauthClientId, '--login-hint', 'owner@example.com']

/** The `iss` of the emulator's authorization responses (RFC 9207), which a callback made by hand carries too. */
const iss = () => `iss=${encodeURIComponent(`${ctx.emu.url}/api/auth`)}`

/** An authorization code the test obtains itself for the CLI's client and redirect URI, with its own PKCE. */
async function foreignCode(authUrl: URL): Promise<string> {
  const url = new URL(authUrl)
  url.searchParams.set('code_challenge', pkce().challenge)
  const res = await get(url.toString())
  expect(res.status, res.text).toBe(303)
  return new URL(res.headers.location as string).searchParams.get('code')!
}

describe('auth login refuses', () => {
  it('a callback with the wrong state (forged or stale): ignored, the login goes on and completes', async () => {
    const home = homeFor(ctx.emu.url)
    const {cli, authUrl, redirectUri} = await startLogin(home, LOGIN)
    const code = await foreignCode(authUrl)
    const page = await get(`${redirectUri}?code=${code}&state=forged-state`)
    expect(page.status).toBe(400)
    expect(page.text).toContain('state mismatch')
    await cli.waitFor(/callback that does not belong to this login \(state mismatch: forged or stale\) was ignored/)
    const {page: own} = await completeLogin(authUrl)
    expect(own.status).toBe(200)
    const result = await cli
    expect(result.code, result.stderr).toBe(0)
    expect(home.credentials().oauth.refreshToken).toMatch(/^rt_/)
  })

  it('a callback without iss from a server that sends iss (RFC 9207): exit 3, nothing stored', async () => {
    const home = homeFor(ctx.emu.url)
    const {cli, authUrl} = await startLogin(home, LOGIN)
    const res = await get(authUrl.toString())
    const callback = new URL(res.headers.location as string)
    expect(callback.searchParams.get('iss')).toBeTruthy()
    callback.searchParams.delete('iss')
    const page = await get(callback.toString())
    expect(page.status).toBe(400)
    const result = await cli
    expect(result.code).toBe(3)
    expect(result.stderr).toMatch(/login failed: the response has no iss although the authorization server/)
    expect(home.credentials()).toEqual({})
  })

  it('an injected code from another authorization (wrong code_verifier): exit 3', async () => {
    const home = homeFor(ctx.emu.url)
    const {cli, authUrl, redirectUri, state} = await startLogin(home, LOGIN)
    const code = await foreignCode(authUrl)
    await get(`${redirectUri}?code=${code}&state=${state}&${iss()}`)
    const result = await cli
    expect(result.code).toBe(3)
    expect(result.stderr).toMatch(/login failed: invalid_grant: PKCE verification failed/)
    expect(home.credentials()).toEqual({})
  })

  it('a replayed code: exit 3, and the login that code produced is revoked', async () => {
    const home = homeFor(ctx.emu.url)
    const first = await login(home, LOGIN)
    const stolen = first.callback.searchParams.get('code')!
    const {cli, redirectUri, state} = await startLogin(home, LOGIN)
    await get(`${redirectUri}?code=${stolen}&state=${state}&${iss()}`)
    const result = await cli
    expect(result.code).toBe(3)
    expect(result.stderr).toMatch(/login failed: invalid_grant: the authorization code was already used/)
    // The first login's tokens are revoked: the API and the refresh both refuse them.
    const list = await home.run(['payouts', 'list'])
    expect(list.code).toBe(3)
    expect(list.stderr).toMatch(/revoked/)
  })

  it('a client whose registered redirect is not loopback: the loopback redirect is refused, no code is sent', async () => {
    const client = await control(ctx.emu.url, 'POST', '/_emulator/oauth/clients', {
      redirectUris: ['https://platform.example.com/callback'],
    })
    const home = homeFor(ctx.emu.url)
    const {cli, authUrl} = await startLogin(home, [
      '--client-id',
      client.clientId,
      '--login-hint',
      'owner@example.com',
      '--timeout',
      '2',
    ])
    const page = await get(authUrl.toString())
    expect(page.status).toBe(400)
    expect(page.headers.location).toBeUndefined()
    expect(page.text).toMatch(/The redirect_uri http:\/\/127\.0\.0\.1:\d+\/callback is not registered/)
    const result = await cli
    expect(result.code).toBe(3)
    expect(result.stderr).toMatch(/login failed: no callback within 2 s/)
    expect(home.credentials()).toEqual({})
  })

  it('a fixed --port is used, and any port matches the registered loopback redirect', async () => {
    const home = homeFor(ctx.emu.url)
    const probe = await startLogin(home, [...LOGIN])
    const port = Number(new URL(probe.redirectUri).port)
    await completeLogin(probe.authUrl)
    expect((await probe.cli).code).toBe(0)
    // The port that was free a moment ago is fixed now.
    const fixed = await login(home, [...LOGIN, '--port', String(port)])
    expect(new URL(fixed.authUrl.searchParams.get('redirect_uri')!).port).toBe(String(port))
  })

  it('an access denied at consent: exit 3 with the reason', async () => {
    const home = homeFor(ctx.emu.url)
    const {cli, redirectUri, state} = await startLogin(home, LOGIN)
    await get(
      `${redirectUri}?error=access_denied&error_description=the+user+denied+the+request&state=${state}&${iss()}`,
    )
    const denied = await cli
    expect(denied.code).toBe(3)
    expect(denied.stderr).toMatch(/login failed: the authorization server answered access_denied: the user denied/)
  })
})
