import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {LOCAL_EMULATOR} from '../../src/shared/local-emulator.js'
import {Browser, claimsOf, MAIN_TEAM, OTHER_TEAM, parseForms, submit} from '../emulator/oauth-helpers.js'
import {control} from '../helpers/control.js'
import {useEmulator} from '../helpers/emulator.js'
import {completeLogin, confidentialClient, fileMode, homeFor, login, PROFILE, startLogin} from './helpers.js'

/** `payctl auth login` end to end against the emulator, the test playing the browser with plain HTTP. */
const ctx = useEmulator({autoConsent: true})

const CLIENT = ['--client-id', LOCAL_EMULATOR.oauthClientId]

describe('payctl auth login (OAuth, PKCE, loopback redirect)', () => {
  it('logs in for the chosen team, stores the tokens with mode 0600, and the API works with them', async () => {
    const home = homeFor(ctx.emu.url)
    const {result, authUrl} = await login(home, [
      ...CLIENT,
      '--login-hint',
      'ops@example.com',
      '--team-hint',
      OTHER_TEAM,
    ])
    // The authorization request: PKCE S256, a fresh state, the v1 resource, offline_access, the hints.
    expect(Object.fromEntries(authUrl.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: LOCAL_EMULATOR.oauthClientId,
      code_challenge_method: 'S256',
      resource: `${ctx.emu.url}/api/v1`,
      login_hint: 'ops@example.com',
      team_hint: OTHER_TEAM,
    })
    expect(authUrl.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/)
    expect(authUrl.searchParams.get('scope')?.split(' ')).toContain('offline_access')
    expect(authUrl.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{32,}$/)
    expect(result.stderr).toContain(`Logged in as ops@example.com to team ${OTHER_TEAM} on profile "${PROFILE}"`)

    expect(fileMode(home.credentialsFile)).toBe(0o600)
    expect(fileMode(home.configDir)).toBe(0o700)
    const oauth = home.credentials().oauth
    expect(oauth).toMatchObject({clientId: LOCAL_EMULATOR.oauthClientId, teamId: OTHER_TEAM, email: 'ops@example.com'})
    expect(oauth.refreshToken).toMatch(/^rt_/)
    expect(claimsOf(oauth.accessToken)[`${ctx.emu.url}/oauth/team_id`]).toBe(OTHER_TEAM)
    // No secret outside credentials.json: the profile store holds none.
    const config = readFileSync(join(home.configDir, 'config.json'), 'utf8')
    expect(config).not.toContain(oauth.accessToken)
    expect(config).not.toContain(oauth.refreshToken)

    const list = await home.run(['payouts', 'list', '--json'])
    expect(list.code, list.stderr).toBe(0)
    expect(JSON.parse(list.stdout)).toEqual([])
    const status = await home.run(['auth', 'status', '--json'])
    expect(status.code, status.stderr).toBe(0)
    expect(JSON.parse(status.stdout)).toMatchObject({
      profile: PROFILE,
      source: 'oauth',
      valid: true,
      teamId: OTHER_TEAM,
      teamName: 'Other Team Ltd',
      clientId: LOCAL_EMULATOR.oauthClientId,
    })
    const token = await home.run(['auth', 'token'])
    expect(token.code).toBe(0)
    expect(token.stdout.trim()).toBe(oauth.accessToken)
  })

  it('works through the real sign-in and consent pages (e-mail, shown code, team choice, consent)', async () => {
    const home = homeFor(ctx.emu.url)
    const {cli, authUrl, redirectUri} = await startLogin(home, CLIENT)
    const browser = new Browser(ctx.emu.url)
    let page = await browser.follow(await browser.get(authUrl.toString()))
    page = await browser.follow(await submit(browser, page, 'email', {email: 'ops@example.com'}))
    const code = /<output id="signin-code"[^>]*>(\d{6})<\/output>/.exec(page.text)![1]
    page = await browser.follow(await submit(browser, page, 'code', {code}))
    expect(parseForms(page.text)[0].inputs.filter(i => i.type === 'radio')).toHaveLength(2)
    page = await browser.follow(await submit(browser, page, 'team', {team_id: OTHER_TEAM}))
    expect(page.text).toContain('Authorize Emulator Platform')
    const redirect = await submit(browser, page, 'allow')
    expect(redirect.status).toBe(303)
    const callback = new URL(redirect.headers.location as string)
    expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri)
    const done = await browser.get(callback.toString())
    expect(done.text).toContain('payctl is logged in')
    const result = await cli
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toContain(`Logged in as ops@example.com to team ${OTHER_TEAM}`)
    expect(home.credentials().oauth.teamId).toBe(OTHER_TEAM)
    const team = await home.run(['api', 'GET', '/api/v1/team'])
    expect(team.code, team.stderr).toBe(0)
    expect(JSON.parse(team.stdout).name).toBe('Other Team Ltd')
  })

  it('without --client-id registers a public client (deprecation warning) and remembers it in the profile', async () => {
    const home = homeFor(ctx.emu.url)
    const first = await login(home, ['--login-hint', 'owner@example.com'])
    expect(first.result.stderr).toMatch(/Warning: .*dynamic registration is deprecated/)
    const clientId = first.authUrl.searchParams.get('client_id')
    expect(clientId).toMatch(/^cl_/)
    expect(clientId).not.toBe(LOCAL_EMULATOR.oauthClientId)
    const config = JSON.parse(readFileSync(join(home.configDir, 'config.json'), 'utf8'))
    expect(config.profiles[PROFILE].clientId).toBe(clientId)
    expect(home.credentials().oauth.teamId).toBe(MAIN_TEAM)
    const second = await login(home, ['--login-hint', 'owner@example.com'])
    expect(second.authUrl.searchParams.get('client_id')).toBe(clientId)
    expect(second.result.stderr).not.toMatch(/deprecated/)
  })

  it("the built-in local profile logs in with the emulator's seeded platform client", async () => {
    const home = homeFor(ctx.emu.url)
    home.env.PAYCTL_ORIGIN = ctx.emu.url
    const {result, authUrl} = await login(home, ['--profile', 'local', '--login-hint', 'owner@example.com'])
    expect(authUrl.searchParams.get('client_id')).toBe(LOCAL_EMULATOR.oauthClientId)
    expect(result.stderr).not.toMatch(/deprecated/)
    expect(result.stderr).toContain('on profile "local"')
  })

  it('a dynamically registered client cannot get payouts:approve: refused with exit 3 and the reason', async () => {
    const home = homeFor(ctx.emu.url)
    const {cli, authUrl} = await startLogin(home, ['--login-hint', 'owner@example.com', '--scope', 'payouts:approve'])
    const {callback, page} = await completeLogin(authUrl)
    expect(callback.searchParams.get('error')).toBe('invalid_scope')
    expect(page.status).toBe(400)
    const result = await cli
    expect(result.code).toBe(3)
    expect(result.stderr).toMatch(
      /login failed: the authorization server answered invalid_scope: payouts:approve is never granted/,
    )
    expect(home.credentials().oauth).toBeUndefined()
  })

  it('--resource v2 binds the token to v2: v2 calls work, v1 calls are refused with exit 3', async () => {
    const home = homeFor(ctx.emu.url)
    const {authUrl} = await login(home, [...CLIENT, '--login-hint', 'owner@example.com', '--resource', 'v2'])
    expect(authUrl.searchParams.get('resource')).toBe(`${ctx.emu.url}/api/v2`)
    expect(claimsOf(home.credentials().oauth.accessToken).aud).toBe(`${ctx.emu.url}/api/v2`)
    const v2 = await home.run(['api', 'GET', '/api/v2/payouts'])
    expect(v2.code, v2.stderr).toBe(0)
    const v1 = await home.run(['payouts', 'list'])
    expect(v1.code).toBe(3)
    expect(v1.stderr).toContain(`bound to the resource ${ctx.emu.url}/api/v2`)
  })

  it('a confidential client reads its secret from stdin, never a flag, and refreshes with it', async () => {
    const client = await confidentialClient(ctx.emu.url)
    const home = homeFor(ctx.emu.url)
    await login(
      home,
      ['--client-id', client.clientId, '--client-secret', '--login-hint', 'owner@example.com'],
      `${client.clientSecret}\n`,
    )
    expect(home.credentials().oauth.clientSecret).toBe(client.clientSecret)
    expect(fileMode(home.credentialsFile)).toBe(0o600)
    await control(ctx.emu.url, 'POST', '/_emulator/clock', {advanceSeconds: 7200})
    const list = await home.run(['payouts', 'list'])
    expect(list.code, list.stderr).toBe(0)
    const noSecret = await home.run([
      'auth',
      'login',
      '--no-browser',
      '--client-id',
      client.clientId,
      '--client-secret',
    ])
    expect(noSecret.code).toBe(2)
    expect(noSecret.stderr).toMatch(/no client secret on stdin/)
  })
})
