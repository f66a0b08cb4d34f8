import {readFileSync, writeFileSync} from 'node:fs'
import {describe, expect, it} from 'vitest'
import {LOCAL_EMULATOR} from '../../src/shared/local-emulator.js'
import {claimsOf} from '../emulator/oauth-helpers.js'
import {control} from '../helpers/control.js'
import {useEmulator} from '../helpers/emulator.js'
import {fileMode, homeFor, login, PROFILE} from './helpers.js'

/** Automatic refresh: after expiry on the emulator clock, under concurrency, and when it can no longer work. */
const ctx = useEmulator({autoConsent: true})

const advance = (seconds: number) => control(ctx.emu.url, 'POST', '/_emulator/clock', {advanceSeconds: seconds})
const LOGIN = ['--client-id', LOCAL_EMULATOR.oauthClientId, '--login-hint', 'owner@example.com']

/** Refresh tokens issued so far for the grants of the emulator (one per login plus one per rotation). */
const refreshTokensIssued = () =>
  (ctx.emu.app.store.db.prepare('SELECT COUNT(*) AS n FROM oauth_refresh_tokens').get() as {n: number}).n

describe('refresh', () => {
  it('after two hours on the emulator clock, a 401 triggers one refresh; the rotated token is saved', async () => {
    const home = homeFor(ctx.emu.url)
    await login(home, LOGIN)
    const before = home.credentials().oauth
    await advance(2 * 3600)
    const list = await home.run(['payouts', 'list', '--json'])
    expect(list.code, list.stderr).toBe(0)
    const after = home.credentials().oauth
    expect(after.accessToken).not.toBe(before.accessToken)
    expect(after.refreshToken).not.toBe(before.refreshToken)
    expect(claimsOf(after.accessToken).iat).toBeGreaterThanOrEqual(claimsOf(before.accessToken).iat + 7200)
    expect(after.teamId).toBe(before.teamId)
    expect(fileMode(home.credentialsFile)).toBe(0o600)
    expect(refreshTokensIssued()).toBe(2)
    // The saved refresh token is the valid one: a later expiry refreshes again.
    await advance(2 * 3600)
    const again = await home.run(['payouts', 'list'])
    expect(again.code, again.stderr).toBe(0)
    expect(refreshTokensIssued()).toBe(3)
  })

  it('two payctl processes refreshing at once spend the refresh token once and keep one valid token', async () => {
    const home = homeFor(ctx.emu.url)
    await login(home, LOGIN)
    await advance(2 * 3600)
    const [a, b] = await Promise.all([
      home.runProcess(['payouts', 'list']),
      home.runProcess(['api', 'GET', '/api/v1/team']),
    ])
    expect(a.code, a.stderr).toBe(0)
    expect(b.code, b.stderr).toBe(0)
    // One rotation only: the second process found the rotated tokens under the lock. Spending the same
    // refresh token twice would have revoked the login (reuse detection), failing the next refresh.
    expect(refreshTokensIssued()).toBe(2)
    await advance(2 * 3600)
    const later = await home.run(['payouts', 'list'])
    expect(later.code, later.stderr).toBe(0)
  })

  it('auth token refreshes an access token that expires within a minute before printing it', async () => {
    const home = homeFor(ctx.emu.url)
    await login(home, LOGIN)
    const file = JSON.parse(readFileSync(home.credentialsFile, 'utf8'))
    const old = file.profiles[PROFILE].oauth.accessToken
    file.profiles[PROFILE].oauth.expiresAt = new Date(Date.now() + 30_000).toISOString()
    writeFileSync(home.credentialsFile, JSON.stringify(file), {mode: 0o600})
    const token = await home.run(['auth', 'token', '--json'])
    expect(token.code, token.stderr).toBe(0)
    const printed = JSON.parse(token.stdout)
    expect(printed.token).not.toBe(old)
    expect(printed.token).toBe(home.credentials().oauth.accessToken)
    expect(Date.parse(printed.expiresAt)).toBeGreaterThan(Date.now() + 3000_000)
  })

  it('an expired refresh token (31 days) is refused: exit 3 and "run payctl auth login"', async () => {
    const home = homeFor(ctx.emu.url)
    await login(home, LOGIN)
    await advance(31 * 24 * 3600)
    const list = await home.run(['payouts', 'list'])
    expect(list.code).toBe(3)
    expect(list.stderr).toMatch(/cannot refresh the login of profile "emu": invalid_grant: the refresh token expired/)
    expect(list.stderr).toContain(`run "payctl auth login --profile ${PROFILE}"`)
    const status = await home.run(['auth', 'status'])
    expect(status.code).toBe(3)
  })
})
