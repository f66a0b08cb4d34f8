import {describe, expect, it} from 'vitest'
import {LOCAL_EMULATOR} from '../../src/shared/local-emulator.js'
import {OAuth} from '../emulator/oauth-helpers.js'
import {control} from '../helpers/control.js'
import {useEmulator} from '../helpers/emulator.js'
import {completeLogin, confidentialClient, fileMode, homeFor, login, PROFILE, startLogin} from './helpers.js'

/** `--with-api-key`, `auth status`, `auth token`, `auth logout`, and secrets kept out of `--debug`. */
const ctx = useEmulator({autoConsent: true})

const LOGIN = ['--client-id', LOCAL_EMULATOR.oauthClientId, '--login-hint', 'owner@example.com']

describe('auth login --with-api-key', () => {
  it('reads the key from stdin, checks it with GET /team, stores it with mode 0600', async () => {
    const home = homeFor(ctx.emu.url)
    const res = await home.run(['auth', 'login', '--with-api-key'], {input: `${LOCAL_EMULATOR.defaultKey}\n`})
    expect(res.code, res.stderr).toBe(0)
    expect(res.stderr).toContain('Stored the API key for team Emulator Media GmbH on profile "emu"')
    expect(res.stdout + res.stderr).not.toContain(LOCAL_EMULATOR.defaultKey)
    expect(home.credentials()).toEqual({apiKey: LOCAL_EMULATOR.defaultKey})
    expect(fileMode(home.credentialsFile)).toBe(0o600)
    const status = await home.run(['auth', 'status', '--json'])
    expect(status.code, status.stderr).toBe(0)
    expect(JSON.parse(status.stdout)).toMatchObject({source: 'api-key', valid: true, teamName: 'Emulator Media GmbH'})
    const token = await home.run(['auth', 'token'])
    expect(token.stdout).toBe(`${LOCAL_EMULATOR.defaultKey}\n`)
  })

  it('stores nothing for a bad key (exit 3) or an empty stdin (exit 2)', async () => {
    const home = homeFor(ctx.emu.url)
    const bad = await home.run(['auth', 'login', '--with-api-key'], {input: 'sk_sandbox_not_a_real_key\n'})
    expect(bad.code).toBe(3)
    expect(bad.stderr).toContain('the API key is not valid')
    expect(bad.stderr).not.toContain('sk_sandbox_not_a_real_key')
    expect(home.credentials()).toEqual({})
    const empty = await home.run(['auth', 'login', '--with-api-key'])
    expect(empty.code).toBe(2)
    expect(empty.stderr).toMatch(/no API key on stdin.*echo "\$KEY" \| payctl auth login --with-api-key/)
  })

  it('a revoked key is refused with exit 3, by commands and by auth status', async () => {
    const {key} = await control(ctx.emu.url, 'POST', '/_emulator/teams', {name: 'Key Team'})
    const home = homeFor(ctx.emu.url)
    // Checked with GET /team before it was stored: the key worked until now.
    expect((await home.run(['auth', 'login', '--with-api-key'], {input: key})).code).toBe(0)
    await control(ctx.emu.url, 'POST', '/_emulator/keys/revoke', {key})
    const list = await home.run(['payouts', 'list'])
    expect(list.code).toBe(3)
    expect(list.stderr).toMatch(/UNAUTHORIZED: the API key is not valid \(unknown or revoked\)/)
    const status = await home.run(['auth', 'status'])
    expect(status.code).toBe(3)
    expect(status.stderr).toContain('payctl auth login')
  })
})

describe('auth status and logout', () => {
  it('auth status shows the OAuth login; logout revokes the tokens and removes them; status then exits 3', async () => {
    const home = homeFor(ctx.emu.url)
    await login(home, LOGIN)
    const {refreshToken, accessToken} = home.credentials().oauth
    const status = await home.run(['auth', 'status'])
    expect(status.code, status.stderr).toBe(0)
    expect(status.stdout).toMatch(/Credentials:\s+stored OAuth login/)
    expect(status.stdout).toMatch(/Team:\s+Emulator Media GmbH/)
    expect(status.stdout).toMatch(/Scopes:\s+.*offline_access/)
    expect(status.stdout).not.toContain(accessToken)

    const logout = await home.run(['auth', 'logout'])
    expect(logout.code, logout.stderr).toBe(0)
    expect(logout.stderr).toContain(`Logged out of profile "${PROFILE}" (tokens revoked)`)
    expect(home.credentials()).toEqual({})
    const oauth = new OAuth(ctx.emu.url)
    expect((await oauth.api('GET', '/api/v1/team', accessToken)).status).toBe(401)
    const refresh = await oauth.refresh(refreshToken)
    expect(refresh.body.error).toBe('invalid_grant')
    expect(refresh.body.error_description).toMatch(/revoked/)

    const after = await home.run(['auth', 'status'])
    expect(after.code).toBe(3)
    expect(after.stderr).toContain('profile "emu" has no credentials')
    const token = await home.run(['auth', 'token'])
    expect(token.code).toBe(3)
    expect(token.stdout).toBe('')
  })
})

describe('--debug never shows a secret', () => {
  it('login, refresh, status, logout and an API key: traces present, secrets absent', async () => {
    const client = await confidentialClient(ctx.emu.url)
    const home = homeFor(ctx.emu.url)
    const outputs: string[] = []
    const {cli, authUrl} = await startLogin(
      home,
      ['--client-id', client.clientId, '--client-secret', '--login-hint', 'owner@example.com', '--debug'],
      client.clientSecret,
    )
    const {callback} = await completeLogin(authUrl)
    const loginResult = await cli
    expect(loginResult.code, loginResult.stderr).toBe(0)
    outputs.push(loginResult.stdout + loginResult.stderr)
    const first = home.credentials().oauth

    await control(ctx.emu.url, 'POST', '/_emulator/clock', {advanceSeconds: 7200})
    for (const args of [
      ['payouts', 'list'],
      ['auth', 'status'],
    ]) {
      const res = await home.run([...args, '--debug'])
      expect(res.code, res.stderr).toBe(0)
      outputs.push(res.stdout + res.stderr)
    }
    const second = home.credentials().oauth
    expect(second.refreshToken).not.toBe(first.refreshToken)
    const logout = await home.run(['auth', 'logout', '--debug'])
    expect(logout.code, logout.stderr).toBe(0)
    outputs.push(logout.stdout + logout.stderr)

    const key = await home.run(['auth', 'login', '--with-api-key', '--debug'], {input: LOCAL_EMULATOR.fullKey})
    expect(key.code, key.stderr).toBe(0)
    outputs.push(key.stdout + key.stderr)
    const keyed = await home.run(['payouts', 'list', '--debug'])
    expect(keyed.code, keyed.stderr).toBe(0)
    outputs.push(keyed.stdout + keyed.stderr)

    const text = outputs.join('\n')
    // The traces are there: token exchange, refresh, revocation, API calls.
    expect(text).toMatch(/\[debug\] > POST http:\/\/127\.0\.0\.1:\d+\/api\/auth\/oauth2\/token/)
    expect(text).toMatch(/grant_type=authorization_code/)
    expect(text).toMatch(/grant_type=refresh_token/)
    expect(text).toMatch(/\[debug\] > POST http:\/\/127\.0\.0\.1:\d+\/api\/auth\/oauth2\/revoke/)
    expect(text).toMatch(/\[debug\] > GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/payouts/)
    expect(text).toMatch(/code_verifier=%5Bredacted%5D/)
    // Redaction keeps what is not secret: the token endpoint, the token type, the API error code.
    expect(text).toMatch(/"token_endpoint":"http/)
    expect(text).toContain('"token_type":"Bearer"')
    expect(text).toContain('"code":"UNAUTHORIZED"')
    const secrets = {
      clientSecret: client.clientSecret,
      code: callback.searchParams.get('code'),
      accessToken: first.accessToken,
      refreshToken: first.refreshToken,
      rotatedAccessToken: second.accessToken,
      rotatedRefreshToken: second.refreshToken,
      apiKey: LOCAL_EMULATOR.fullKey,
    }
    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret, name).toBeTruthy()
      expect(text.includes(secret!), `${name} appears in --debug output`).toBe(false)
    }
    // Nor any part of a JWT, nor an unredacted verifier.
    expect(text).not.toMatch(/eyJ[A-Za-z0-9_-]{20,}/)
    expect(text).not.toMatch(/code_verifier=[A-Za-z0-9_-]{43}/)
  })
})
