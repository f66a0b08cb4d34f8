import {describe, expect, it} from 'vitest'
import {OAuth} from '../emulator/oauth-helpers.js'
import {useEmulator} from '../helpers/emulator.js'
import {approvedPayout, mint, OWNER, Visitor} from './helpers.js'

/** White label is a per-team feature (spec 4.2 `branding`): on by default, switched off by tests. */

const REDIRECT = 'http://127.0.0.1:9/back'

describe('white-label branding as a team feature', () => {
  const ctx = useEmulator({autoConsent: true})
  const setWhiteLabel = async (teamId: string, enabled: boolean) => {
    const res = await ctx.api.post(`/_emulator/teams/${teamId}/white-label`, {enabled}, {key: null})
    expect(res.status, res.text).toBe(200)
    expect(res.body).toEqual({teamId, whiteLabel: enabled})
  }

  it('a team created without the feature gets 403 FEATURE_NOT_ENABLED for branding team; the default branding still works', async () => {
    const team = await ctx.api.post('/_emulator/teams', {name: 'Plain Label Ltd', whiteLabel: false}, {key: null})
    expect(team.status, team.text).toBe(200)
    expect(team.body.whiteLabel).toBe(false)
    const refused = await ctx.api.post(
      '/api/v1/session/kyb',
      {redirectUrl: REDIRECT, branding: 'team'},
      {key: team.body.key},
    )
    expect(refused.status).toBe(403)
    expect(refused.body.error).toMatchObject({
      code: 'FEATURE_NOT_ENABLED',
      data: {feature: 'white_label', branding: 'team'},
    })
    await mint(ctx.api, 'kyb', {redirectUrl: REDIRECT}, team.body.key)
    await setWhiteLabel(team.body.teamId, true)
    const url = await mint(ctx.api, 'kyb', {redirectUrl: REDIRECT, branding: 'team'}, team.body.key)
    expect((await new Visitor().get(url)).html).toContain('<body class="brand-team">')
  })

  it("switched off, a link minted before shows the service branding; platform branding over OAuth needs the operating team's feature", async () => {
    const payout = await approvedPayout(ctx.api)
    const before = await mint(ctx.api, 'payout', {payoutId: payout.id, redirectUrl: REDIRECT, branding: 'team'})
    const oauth = new OAuth(ctx.api.url)
    const tokens = await oauth.login({login_hint: OWNER, scope: 'team:read payouts:read sessions:write'})
    const platform = await ctx.api.post(
      '/api/v1/session/payout',
      {payoutId: payout.id, redirectUrl: REDIRECT, branding: 'platform'},
      {key: tokens.access_token},
    )
    expect(platform.status, platform.text).toBe(200)
    expect((await new Visitor().get(platform.body.url)).html).toContain('<body class="brand-platform">')

    await setWhiteLabel(ctx.emu.seed.teamId, false)
    expect((await new Visitor().get(before)).html).toContain('<body class="brand-talentir">')
    expect((await new Visitor().get(platform.body.url)).html).toContain('<body class="brand-talentir">')
    for (const [branding, key] of [
      ['team', undefined],
      ['platform', tokens.access_token],
    ] as const) {
      const res = await ctx.api.post(
        '/api/v1/session/payout',
        {payoutId: payout.id, redirectUrl: REDIRECT, branding},
        key ? {key} : undefined,
      )
      expect(res.status, res.text).toBe(403)
      expect(res.body.error.code).toBe('FEATURE_NOT_ENABLED')
    }
    const missing = await ctx.api.post(
      '/_emulator/teams/00000000-0000-4000-8000-000000000000/white-label',
      {enabled: true},
      {key: null},
    )
    expect(missing.status).toBe(404)
    const bad = await ctx.api.post(`/_emulator/teams/${ctx.emu.seed.teamId}/white-label`, {enabled: 'no'}, {key: null})
    expect(bad.status).toBe(400)
  })
})
