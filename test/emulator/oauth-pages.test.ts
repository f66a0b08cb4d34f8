import {describe, expect, it} from 'vitest'
import {useEmulator} from '../helpers/emulator.js'
import type {Res} from './helpers.js'
import {
  Browser,
  claimsOf,
  LOOPBACK_REDIRECT,
  MAIN_TEAM,
  OAuth,
  OTHER_TEAM,
  parseForms,
  pkce,
  submit,
} from './oauth-helpers.js'

/** The sign-in, team and consent pages, driven as a browser would with plain HTTP (no auto-consent). */
const ctx = useEmulator()
const oauth = () => new OAuth(ctx.emu.url)

const signinCode = (page: Res) => {
  const code = /<output id="signin-code"[^>]*>(\d{6})<\/output>/.exec(page.text)?.[1]
  expect(code, page.text).toBeDefined()
  return code!
}

/** Starts an authorization in `browser`; answers the first page and the PKCE verifier. */
async function start(browser: Browser, params: Parameters<OAuth['authorizeUrl']>[0] = {}) {
  const {verifier, challenge} = pkce()
  const res = await browser.get(oauth().authorizeUrl({code_challenge: challenge, ...params}))
  expect(res.status, res.text).toBe(303)
  return {page: await browser.follow(res), verifier}
}

async function exchange(callback: Res, verifier: string) {
  expect(callback.status, callback.text).toBe(303)
  const location = new URL(callback.headers.location as string)
  expect(`${location.origin}${location.pathname}`).toBe(LOOPBACK_REDIRECT)
  expect(location.searchParams.get('state')).toBe('state-123')
  const res = await oauth().token({
    grant_type: 'authorization_code',
    code: location.searchParams.get('code') ?? '',
    redirect_uri: LOOPBACK_REDIRECT,
    code_verifier: verifier,
    client_id: 'cl_emulator_platform',
    resource: oauth().v1,
  })
  expect(res.status, res.text).toBe(200)
  return res.body
}

/** Signs in with e-mail and the code shown on the page; answers the page after sign-in. */
async function signIn(browser: Browser, page: Res, email: string) {
  expect(page.text).toContain('Sign in')
  const codePage = await browser.follow(await submit(browser, page, 'email', {email}))
  expect(codePage.text).toContain(email)
  return browser.follow(await submit(browser, codePage, 'code', {code: signinCode(codePage)}))
}

describe('sign-in, team choice and consent pages', () => {
  it('signs in with e-mail and the one-time code shown, then consents; the code is for the user’s team', async () => {
    const browser = new Browser(ctx.emu.url)
    const {page, verifier} = await start(browser)
    expect(page.status).toBe(200)
    const codePage = await browser.follow(await submit(browser, page, 'email', {email: 'Owner@Example.com'}))
    expect(codePage.text).toContain('owner@example.com')
    const wrong = await submit(browser, codePage, 'code', {
      code: signinCode(codePage) === '000000' ? '111111' : '000000',
    })
    expect(wrong.status).toBe(400)
    expect(wrong.text).toMatch(/role="alert"[^>]*>That code is not right/)
    expect(wrong.text).toContain('aria-invalid="true"')
    const consent = await browser.follow(await submit(browser, wrong, 'code', {code: signinCode(wrong)}))
    // A member of one team goes straight to consent, which names the team, the account and every scope.
    expect(consent.text).toContain('Emulator Media GmbH')
    expect(consent.text).toContain('owner@example.com')
    for (const scope of ['team:read', 'payouts:read', 'payouts:write', 'offline_access'])
      expect(consent.text).toContain(`(${scope})`)
    expect(parseForms(consent.text)[0].buttons.map(b => b.value)).toEqual(['allow', 'deny'])
    const tokens = await exchange(await submit(browser, consent, 'allow'), verifier)
    expect(claimsOf(tokens.access_token)[`${ctx.emu.url}/oauth/team_id`]).toBe(MAIN_TEAM)
    expect(claimsOf(tokens.access_token).email).toBe('owner@example.com')
  })

  it('a login_hint pre-fills the e-mail and sends the code at once; team_hint preselects the team', async () => {
    const browser = new Browser(ctx.emu.url)
    const {page: codePage, verifier} = await start(browser, {login_hint: 'ops@example.com', team_hint: OTHER_TEAM})
    expect(codePage.text).toContain('A one-time code was sent to <strong>ops@example.com</strong>')
    const teamPage = await browser.follow(await submit(browser, codePage, 'code', {code: signinCode(codePage)}))
    const radios = parseForms(teamPage.text)[0].inputs.filter(i => i.type === 'radio')
    expect(radios.map(r => r.value)).toEqual([MAIN_TEAM, OTHER_TEAM])
    expect(radios.find(r => r.checked)?.value).toBe(OTHER_TEAM)
    expect(teamPage.text).toContain('<legend>Team</legend>')
    const consent = await browser.follow(await submit(browser, teamPage, 'team'))
    expect(consent.text).toContain('Other Team Ltd')
    // Changing the team goes back to the choice.
    const again = await browser.follow(await submit(browser, consent, 'change-team'))
    const mainChosen = await browser.follow(await submit(browser, again, 'team', {team_id: MAIN_TEAM}))
    expect(mainChosen.text).toContain('Emulator Media GmbH')
    const back = await browser.follow(await submit(browser, mainChosen, 'change-team'))
    const refused = await submit(browser, back, 'team', {team_id: '00000000-0000-4000-8000-000000000000'})
    expect(refused.status).toBe(400)
    expect(refused.text).toContain('Choose one of your teams')
    const other = await browser.follow(await submit(browser, back, 'team', {team_id: OTHER_TEAM}))
    const tokens = await exchange(await submit(browser, other, 'allow'), verifier)
    expect(claimsOf(tokens.access_token)[`${ctx.emu.url}/oauth/team_id`]).toBe(OTHER_TEAM)
    const team = await oauth().api('GET', '/api/v1/team', tokens.access_token)
    expect(team.body.name).toBe('Other Team Ltd')
  })

  it('remembers the sign-in in the browser, and asks to switch when the login_hint is someone else', async () => {
    const browser = new Browser(ctx.emu.url)
    const first = await start(browser)
    const consent = await signIn(browser, first.page, 'owner@example.com')
    await exchange(await submit(browser, consent, 'allow'), first.verifier)

    const second = await start(browser)
    expect(second.page.text).toContain('Authorize Emulator Platform')
    await exchange(await submit(browser, second.page, 'allow'), second.verifier)

    const third = await start(browser, {login_hint: 'ops@example.com'})
    expect(third.page.text).toContain('Switch account?')
    const kept = await browser.follow(await submit(browser, third.page, 'continue'))
    expect(kept.text).toContain('as <strong>owner@example.com</strong>')

    const fourth = await start(browser, {login_hint: 'ops@example.com'})
    const codePage = await browser.follow(await submit(browser, fourth.page, 'switch'))
    expect(codePage.text).toContain('ops@example.com')
    const teamPage = await browser.follow(await submit(browser, codePage, 'code', {code: signinCode(codePage)}))
    expect(teamPage.text).toContain('Choose a team')
  })

  it('deny redirects with access_denied and the state; a finished request cannot be answered again', async () => {
    const browser = new Browser(ctx.emu.url)
    const {page} = await start(browser)
    const consent = await signIn(browser, page, 'owner@example.com')
    const denied = await submit(browser, consent, 'deny')
    expect(denied.status).toBe(303)
    const location = new URL(denied.headers.location as string)
    expect(location.searchParams.get('error')).toBe('access_denied')
    expect(location.searchParams.get('state')).toBe('state-123')
    expect(location.searchParams.get('code')).toBeNull()
    const replay = await submit(browser, consent, 'allow')
    expect(replay.status).toBe(410)
    expect(replay.headers.location).toBeUndefined()
  })

  it('an interaction belongs to the browser that started it', async () => {
    const browser = new Browser(ctx.emu.url)
    const res = await browser.get(oauth().authorizeUrl({code_challenge: pkce().challenge}))
    const interaction = res.headers.location as string
    expect(res.headers['set-cookie']).toMatch(/HttpOnly; SameSite=Lax/)
    const stranger = await new Browser(ctx.emu.url).get(interaction)
    expect(stranger.status).toBe(403)
    expect(stranger.text).toContain('started in another browser')
    const unknown = await browser.get('/api/auth/oauth2/interaction/nope')
    expect(unknown.status).toBe(404)
  })

  it('a new e-mail creates a team named after team_name and authorizes it', async () => {
    const browser = new Browser(ctx.emu.url)
    const {page, verifier} = await start(browser, {team_name: 'New Platform Customer'})
    const createPage = await signIn(browser, page, 'newcomer@example.com')
    expect(createPage.text).toContain('Create your team')
    const nameInput = parseForms(createPage.text)[0].inputs.find(i => i.name === 'team_name')
    expect(nameInput?.value).toBe('New Platform Customer')
    const consent = await browser.follow(await submit(browser, createPage, 'create-team'))
    expect(consent.text).toContain('New Platform Customer')
    const tokens = await exchange(await submit(browser, consent, 'allow'), verifier)
    const team = await oauth().api('GET', '/api/v1/team', tokens.access_token)
    expect(team.body.name).toBe('New Platform Customer')
    expect(team.body.members).toEqual([expect.objectContaining({email: 'newcomer@example.com', role: 'owner'})])
  })

  it('gives a fresh code after five wrong ones, and refuses malformed e-mail addresses', async () => {
    const browser = new Browser(ctx.emu.url)
    const {page} = await start(browser)
    const bad = await submit(browser, page, 'email', {email: 'not-an-address'})
    expect(bad.status).toBe(400)
    expect(bad.text).toContain('Enter an e-mail address')
    let codePage = await browser.follow(await submit(browser, page, 'email', {email: 'owner@example.com'}))
    const first = signinCode(codePage)
    const wrong = first === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++) codePage = await submit(browser, codePage, 'code', {code: wrong})
    expect(codePage.text).toContain('Too many wrong codes')
    const second = signinCode(codePage)
    const stale = await submit(browser, codePage, 'code', {code: first === second ? wrong : first})
    expect(stale.status).toBe(400)
    const consent = await browser.follow(await submit(browser, stale, 'code', {code: second}))
    expect(consent.text).toContain('Authorize Emulator Platform')
  })

  it('pages are self-contained, never framed, and every field has a label', async () => {
    const browser = new Browser(ctx.emu.url)
    const {page} = await start(browser, {login_hint: 'ops@example.com'})
    const teamPage = await browser.follow(await submit(browser, page, 'code', {code: signinCode(page)}))
    const consent = await browser.follow(await submit(browser, teamPage, 'team'))
    const error = await oauth().authorize({client_id: 'cl_unknown', code_challenge: pkce().challenge})
    for (const res of [page, teamPage, consent, error]) {
      expect(res.headers['content-type']).toMatch(/^text\/html/)
      expect(res.headers['content-security-policy']).toContain("default-src 'none'")
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'")
      expect(res.headers['x-frame-options']).toBe('DENY')
      expect(res.text).toMatch(/^<!doctype html>\s*<html lang="en">/)
      expect(res.text).not.toMatch(/<script|\b(src|href)=/)
      for (const form of parseForms(res.text))
        for (const input of form.inputs.filter(i => i.type !== 'hidden')) expect(form.labels).toContain(input.id)
    }
  })
})
