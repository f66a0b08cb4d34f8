import {describe, expect, it} from 'vitest'
import {verifySessionToken} from '../../src/emulator/index.js'
import {useEmulator} from '../helpers/emulator.js'
import {type Body, DEFAULT, expectError, OTHER} from './helpers.js'

/** Spec 4.1–4.4: the v1 endpoints. */
describe('spec 4.1: v1 payouts', () => {
  const ctx = useEmulator()

  it('v1 POST /payout answers the v1 representation with absent optional fields omitted, never null', async () => {
    const payout = await ctx.api.v1Create({
      creatorHandle: '@ada',
      verificationMethod: 'youtube-channel',
      email: undefined,
    })
    expect(payout).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      description: 'Royalties',
      amount: '10.00',
      currency: 'EUR',
      creatorHandle: '@ada',
      verificationMethod: 'youtube-channel',
      handleType: 'youtube-channel',
      tags: [],
      payoutType: 'manual',
      status: 'created',
      notifications: 'allowed',
      action: 'created',
    })
    expect(payout.customId).toBeUndefined()
    expect(Object.values(payout)).not.toContain(null)
  })

  it('v1 POST /payout accepts email, phone, tags, notifications and the deprecated handleType', async () => {
    const payout = await ctx.api.v1Create({
      phone: '+4915112345678',
      tags: ['q1', 'music'],
      notifications: 'not-allowed',
      handleType: 'youtube-channel',
    })
    expect(payout.phone).toBe('+4915112345678')
    expect(payout.tags).toEqual(['q1', 'music'])
    expect(payout.notifications).toBe('not-allowed')
    expect(payout.verificationMethod).toBe('youtube-channel')
  })

  it('v1 GET /payout/{id} reads by id, and by customId with id_type=custom_id', async () => {
    const payout = await ctx.api.v1Create({customId: 'ext-9'})
    expect((await ctx.api.get(`/api/v1/payout/${payout.id}`)).body.id).toBe(payout.id)
    expect((await ctx.api.get(`/api/v1/payout/${payout.id}`, {query: {id_type: 'id'}})).body.id).toBe(payout.id)
    expect((await ctx.api.get('/api/v1/payout/ext-9', {query: {id_type: 'custom_id'}})).body.id).toBe(payout.id)
    expectError(await ctx.api.get('/api/v1/payout/ext-9'), 400, 'VALIDATION_ERROR', 'id')
    expectError(
      await ctx.api.get('/api/v1/payout/ext-9', {query: {id_type: 'name'}}),
      400,
      'VALIDATION_ERROR',
      'id_type',
    )
    expectError(await ctx.api.get('/api/v1/payout/nope', {query: {id_type: 'custom_id'}}), 404, 'NOT_FOUND')
  })

  it('v1 DELETE /payout/{id} takes the same id_type query', async () => {
    await ctx.api.v1Create({customId: 'del-me'})
    const res = await ctx.api.delete('/api/v1/payout/del-me', {query: {id_type: 'custom_id'}})
    expect(res.status, res.text).toBe(200)
    expect(res.body.status).toBe('deleted')
  })

  it('v1 GET /payouts pages with offset and limit (default 50, 1 to 100) ordered by created_at, desc by default', async () => {
    for (let i = 0; i < 55; i++) {
      await ctx.api.v1Create({customId: `p${i}`})
      if (i % 10 === 0) await ctx.api.advance(1)
    }
    const first = await ctx.api.get('/api/v1/payouts')
    expect(first.body).toHaveLength(50)
    expect(first.body[0].customId).toBe('p54')
    const asc = await ctx.api.get('/api/v1/payouts', {
      query: {order_by: 'created_at', order_direction: 'asc', limit: 5, offset: 2},
    })
    expect(asc.body.map((p: Body) => p.customId)).toEqual(['p2', 'p3', 'p4', 'p5', 'p6'])
    const rest = await ctx.api.get('/api/v1/payouts', {query: {offset: 50}})
    expect(rest.body).toHaveLength(5)
    expect((await ctx.api.get('/api/v1/payouts', {query: {limit: 100}})).body).toHaveLength(55)
    expect((await ctx.api.get('/api/v1/payouts', {query: {offset: '9007199254740991'}})).body).toEqual([])
  })

  it('v1 GET /payouts rejects a page size outside 1 to 100, an offset outside 0 to 9007199254740991 and unknown ordering', async () => {
    for (const [query, path] of [
      [{limit: 0}, 'limit'],
      [{limit: 101}, 'limit'],
      [{limit: 'ten'}, 'limit'],
      [{offset: -1}, 'offset'],
      [{offset: '9007199254740992'}, 'offset'],
      [{order_by: 'amount'}, 'order_by'],
      [{order_direction: 'up'}, 'order_direction'],
    ] as const)
      expectError(await ctx.api.get('/api/v1/payouts', {query}), 400, 'VALIDATION_ERROR', path)
  })
})

describe('spec 4.2: v1 hosted sessions', () => {
  const ctx = useEmulator()

  it('every session call returns a fresh opaque URL on the emulator origin that verifySessionToken accepts', async () => {
    const payout = await ctx.api.v1Create()
    const bodies: Record<string, Body> = {
      payout: {redirectUrl: 'https://app.example.com/back', payoutId: payout.id, whitelabel: true},
      approval: {redirectUrl: 'http://localhost:3000/done', payoutIds: [payout.id], loginHint: 'ops@example.com'},
      kyb: {redirectUrl: 'https://app.example.com/kyb', branding: 'team'},
      allowance: {redirectUrl: 'https://app.example.com/allowance', branding: 'talentir'},
    }
    for (const [kind, body] of Object.entries(bodies)) {
      const first = await ctx.api.post(`/api/v1/session/${kind}`, body)
      const second = await ctx.api.post(`/api/v1/session/${kind}`, body)
      expect(first.status, first.text).toBe(200)
      expect(Object.keys(first.body)).toEqual(['url'])
      expect(first.body.url.startsWith(`${ctx.emu.url}/hosted/${kind}/`)).toBe(true)
      expect(second.body.url).not.toBe(first.body.url)
      const token = first.body.url.split('/').pop()
      const verdict = verifySessionToken(token, ctx.emu.app.store.secret(), ctx.emu.app.clock.nowMs(), kind as 'kyb')
      expect(verdict.ok).toBe(true)
      if (verdict.ok) {
        expect(verdict.claims.teamId).toBe(ctx.emu.seed.teamId)
        expect(verdict.claims.redirectUrl).toBe(body.redirectUrl)
      }
    }
  })

  it('session tokens expire after one hour of the emulator clock and cannot be altered', async () => {
    const res = await ctx.api.post('/api/v1/session/kyb', {redirectUrl: 'https://example.com'})
    const token: string = res.body.url.split('/').pop()
    const secret = ctx.emu.app.store.secret()
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`
    expect(verifySessionToken(tampered, secret, ctx.emu.app.clock.nowMs())).toEqual({
      ok: false,
      reason: 'bad-signature',
    })
    expect(verifySessionToken(token, secret, ctx.emu.app.clock.nowMs(), 'payout')).toEqual({
      ok: false,
      reason: 'wrong-kind',
    })
    await ctx.api.advance(3601)
    expect(verifySessionToken(token, secret, ctx.emu.app.clock.nowMs())).toMatchObject({
      ok: false,
      reason: 'expired',
      claims: {kind: 'kyb', redirectUrl: 'https://example.com'},
    })
  })

  it('sessions need the scope sessions:write', async () => {
    const team = await ctx.api.newTeam({scopes: ['payouts:read']})
    const res = await ctx.api.post('/api/v1/session/kyb', {redirectUrl: 'https://example.com'}, {key: team.key})
    expectError(res, 403, 'INSUFFICIENT_SCOPE')
    expect(res.body.error.data.requiredScope).toBe('sessions:write')
  })

  it('session bodies are validated: redirectUrl required and http or https, known branding, payout UUIDs of this team', async () => {
    await ctx.api.v1Create()
    const foreign = await ctx.api.v1Create({}, OTHER)
    const cases: Array<[string, Body, number, string, string?]> = [
      ['kyb', {}, 400, 'VALIDATION_ERROR', 'redirectUrl'],
      ['kyb', {redirectUrl: 'ftp://example.com'}, 400, 'VALIDATION_ERROR', 'redirectUrl'],
      ['kyb', {redirectUrl: 'not a url'}, 400, 'VALIDATION_ERROR', 'redirectUrl'],
      ['kyb', {redirectUrl: 42}, 400, 'VALIDATION_ERROR', 'redirectUrl'],
      ['kyb', {redirectUrl: 'https://x.example', branding: 'acme'}, 400, 'VALIDATION_ERROR', 'branding'],
      ['kyb', {redirectUrl: 'https://x.example', branding: 'platform'}, 400, 'VALIDATION_ERROR', 'branding'],
      ['kyb', {redirectUrl: 'https://x.example', loginHint: 'nobody'}, 400, 'VALIDATION_ERROR', 'loginHint'],
      ['payout', {redirectUrl: 'https://x.example'}, 400, 'VALIDATION_ERROR', 'payoutId'],
      ['payout', {redirectUrl: 'https://x.example', payoutId: 'payout_1'}, 400, 'VALIDATION_ERROR', 'payoutId'],
      ['payout', {redirectUrl: 'https://x.example', payoutId: foreign.id}, 404, 'NOT_FOUND'],
      ['approval', {redirectUrl: 'https://x.example', payoutIds: []}, 400, 'VALIDATION_ERROR', 'payoutIds'],
      ['approval', {redirectUrl: 'https://x.example', payoutIds: ['x']}, 400, 'VALIDATION_ERROR', 'payoutIds.0'],
      ['approval', {redirectUrl: 'https://x.example', payoutIds: [foreign.id]}, 404, 'NOT_FOUND'],
    ]
    for (const [kind, body, status, code, path] of cases)
      expectError(await ctx.api.post(`/api/v1/session/${kind}`, body), status, code, path)
  })
})

describe('spec 4.3: v1 team', () => {
  const ctx = useEmulator()

  it('v1 GET /team returns the team record with balances, deposits and members, owners first', async () => {
    await ctx.api.v1Create({preApproved: true, payoutAmount: '100.00'})
    await ctx.api.v1Create({payoutAmount: '5.00'})
    const res = await ctx.api.get('/api/v1/team')
    expect(res.status).toBe(200)
    const team = res.body
    expect(team.id).toBe(ctx.emu.seed.teamId)
    expect(team.teamUuid).toBe(team.id)
    expect(team.kybStatus).toBe('pending')
    expect(team.dac7ReportingRequired).toBe(false)
    expect(team.totalBalanceCurrency).toBe('EUR')
    expect(team.totalBalance).toBe('19200.00')
    const eur = team.balances.find((b: Body) => b.currency === 'EUR')
    expect(eur).toMatchObject({
      type: 'wallet',
      balance: '10000.00',
      openPayoutAmount: '100.00',
      balanceAfterPendingPayouts: '9900.00',
      scheduledPayoutAmount: '5.00',
    })
    expect(eur.walletAddress).toMatch(/^0x[0-9a-f]{40}$/)
    expect(team.deposits.map((d: Body) => d.currency)).toEqual(['EUR', 'USD'])
    expect(team.deposits[0].rails[0]).toMatchObject({type: 'sepa', ownership: 'dedicated'})
    expect(team.members[0].role).toBe('owner')
    expect(team.members).toHaveLength(2)
  })

  it('balances[].depositInfo is gone from 2026-09-23 on the emulator clock (spec 9)', async () => {
    const removal = Date.parse('2026-09-23T00:00:00Z')
    const now = Date.parse((await ctx.api.get('/_emulator/clock', {key: null})).body.now)
    if (now < removal) {
      const before = await ctx.api.get('/api/v1/team')
      expect(before.body.balances[0].depositInfo.type).toBe('iban')
      await ctx.api.advance(Math.ceil((removal - now) / 1000) + 60)
    }
    const after = await ctx.api.get('/api/v1/team')
    expect(after.body.balances[0].depositInfo).toBeUndefined()
    expect(after.body.deposits[0].rails[0].iban).toMatch(/^DE\d{20}$/)
  })

  it('v1 PATCH /team sets dac7ReportingRequired and needs team:manage', async () => {
    const res = await ctx.api.patch('/api/v1/team', {dac7ReportingRequired: true})
    expect(res.status, res.text).toBe(200)
    expect(res.body).toEqual({dac7ReportingRequired: true})
    expect((await ctx.api.get('/api/v1/team')).body.dac7ReportingRequired).toBe(true)
    const team = await ctx.api.newTeam({scopes: ['team:read']})
    const refused = await ctx.api.patch('/api/v1/team', {dac7ReportingRequired: true}, {key: team.key})
    expectError(refused, 403, 'INSUFFICIENT_SCOPE')
    expect(refused.body.error.data.requiredScope).toBe('team:manage')
    expectError(await ctx.api.patch('/api/v1/team', {}), 400, 'VALIDATION_ERROR', 'dac7ReportingRequired')
    expectError(
      await ctx.api.patch('/api/v1/team', {dac7ReportingRequired: 'yes'}),
      400,
      'VALIDATION_ERROR',
      'dac7ReportingRequired',
    )
  })

  it('v1 GET /team needs team:read and shows only the caller team', async () => {
    const other = await ctx.api.get('/api/v1/team', {key: OTHER})
    expect(other.body.id).toBe(ctx.emu.seed.otherTeam.teamId)
    const team = await ctx.api.newTeam({scopes: ['payouts:read']})
    expectError(await ctx.api.get('/api/v1/team', {key: team.key}), 403, 'INSUFFICIENT_SCOPE')
  })
})

describe('spec 4.4: v1 webhooks', () => {
  const ctx = useEmulator()

  it('POST /webhook answers id, targetUrl, eventType, createdAt and the signing secret; GET lists without secrets; DELETE removes', async () => {
    const created = await ctx.api.post('/api/v1/webhook', {targetUrl: 'http://127.0.0.1:9/hook', eventType: 'payout'})
    expect(created.status, created.text).toBe(200)
    expect(Object.keys(created.body).sort()).toEqual(['createdAt', 'eventType', 'id', 'signingSecret', 'targetUrl'])
    expect(created.body.signingSecret).toMatch(/^whsec_/)
    const list = await ctx.api.get('/api/v1/webhook')
    expect(list.body).toEqual([
      {
        id: created.body.id,
        targetUrl: 'http://127.0.0.1:9/hook',
        eventType: 'payout',
        createdAt: created.body.createdAt,
      },
    ])
    expect(list.text).not.toContain(created.body.signingSecret)
    const removed = await ctx.api.delete(`/api/v1/webhook/${created.body.id}`)
    expect(removed.status).toBe(200)
    expect((await ctx.api.get('/api/v1/webhook')).body).toEqual([])
    expectError(await ctx.api.delete(`/api/v1/webhook/${created.body.id}`), 404, 'NOT_FOUND')
  })

  it('webhook subscriptions are per team and need the scope webhooks:write', async () => {
    const created = await ctx.api.post('/api/v1/webhook', {targetUrl: 'https://example.com/hook'})
    expect((await ctx.api.get('/api/v1/webhook', {key: OTHER})).body).toEqual([])
    expectError(await ctx.api.delete(`/api/v1/webhook/${created.body.id}`, {key: OTHER}), 404, 'NOT_FOUND')
    const team = await ctx.api.newTeam({scopes: ['payouts:read']})
    const refused = await ctx.api.get('/api/v1/webhook', {key: team.key})
    expectError(refused, 403, 'INSUFFICIENT_SCOPE')
    expect(refused.body.error.data.requiredScope).toBe('webhooks:write')
    expect((await ctx.api.get('/api/v1/webhook', {key: DEFAULT})).body).toHaveLength(1)
  })

  it('POST /webhook validates targetUrl and eventType and stores nothing on failure', async () => {
    for (const [body, path] of [
      [{}, 'targetUrl'],
      [{targetUrl: 'mailto:x@example.com'}, 'targetUrl'],
      [{targetUrl: 7}, 'targetUrl'],
      [{targetUrl: 'https://example.com', eventType: 'invoice'}, 'eventType'],
    ] as const)
      expectError(await ctx.api.post('/api/v1/webhook', body), 400, 'VALIDATION_ERROR', path)
    expect((await ctx.api.get('/api/v1/webhook')).body).toEqual([])
  })
})
