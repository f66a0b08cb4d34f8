import {describe, expect, it} from 'vitest'
import {useEmulator} from '../helpers/emulator.js'
import {DEFAULT, expectError, FULL, OTHER} from './helpers.js'

/** Spec sections 5 and 7 and DESIGN's error decisions. */
describe('spec 5: authentication', () => {
  const ctx = useEmulator()

  it('every endpoint requires a Bearer token: none or a bad one is 401 UNAUTHORIZED', async () => {
    for (const path of ['/api/v1/payouts', '/api/v2/payouts', '/api/v1/team', '/api/v2/countries']) {
      expectError(await ctx.api.get(path, {key: null}), 401, 'UNAUTHORIZED')
      expectError(await ctx.api.get(path, {key: 'sk_sandbox_nope'}), 401, 'UNAUTHORIZED')
      expectError(await ctx.api.get(path, {key: null, headers: {authorization: `Basic ${FULL}`}}), 401, 'UNAUTHORIZED')
    }
    const res = await ctx.api.get('/api/v1/team', {key: null})
    expect(res.headers['www-authenticate']).toBe('Bearer')
  })

  it('the default key has the default scopes; only the full key has payouts:approve', async () => {
    for (const path of [
      '/api/v1/team',
      '/api/v1/payouts',
      '/api/v2/payouts',
      '/api/v2/counterparties',
      '/api/v2/transactions',
      '/api/v1/webhook',
    ])
      expect((await ctx.api.get(path, {key: DEFAULT})).status, path).toBe(200)
    const payout = await ctx.api.v2Create({}, DEFAULT)
    expectError(
      await ctx.api.post(`/api/v2/payouts/${payout.id}/approve`, undefined, {key: DEFAULT}),
      403,
      'INSUFFICIENT_SCOPE',
    )
    expect((await ctx.api.post(`/api/v2/payouts/${payout.id}/approve`, undefined, {key: FULL})).status).toBe(200)
  })

  it('access is scoped to the authenticated team: the other team sees none of this team', async () => {
    const payout = await ctx.api.v1Create({customId: 'secret'})
    expect((await ctx.api.get('/api/v1/payouts', {key: OTHER})).body).toEqual([])
    expectError(await ctx.api.get(`/api/v1/payout/${payout.id}`, {key: OTHER}), 404, 'NOT_FOUND')
    expectError(
      await ctx.api.get('/api/v1/payout/secret', {key: OTHER, query: {id_type: 'custom_id'}}),
      404,
      'NOT_FOUND',
    )
    expectError(await ctx.api.delete(`/api/v1/payout/${payout.id}`, {key: OTHER}), 404, 'NOT_FOUND')
    // The same customId is free in the other team.
    const theirs = await ctx.api.v1Create({customId: 'secret'}, OTHER)
    expect(theirs.action).toBe('created')
    expect((await ctx.api.get(`/api/v1/payout/${payout.id}`)).body.status).toBe('created')
  })

  it('a missing scope is 403 INSUFFICIENT_SCOPE naming it in the message and in data.requiredScope', async () => {
    const team = await ctx.api.newTeam({scopes: ['team:read']})
    const res = await ctx.api.get('/api/v2/payouts', {key: team.key})
    expectError(res, 403, 'INSUFFICIENT_SCOPE')
    expect(res.body.error.message).toContain('payouts:read')
    expect(res.body.error.data).toEqual({requiredScope: 'payouts:read'})
  })
})

describe('spec 7: errors', () => {
  const ctx = useEmulator()

  it('every answer carries an x-request-id, unique per request', async () => {
    const a = await ctx.api.get('/api/v1/team')
    const b = await ctx.api.get('/api/v1/nothing')
    expect(a.headers['x-request-id']).toMatch(/^req_[0-9a-f]{24}$/)
    expect(b.headers['x-request-id']).toMatch(/^req_/)
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id'])
  })

  it('errors use the envelope {error: {code, message, data?, index?, details?}} in both generations', async () => {
    const v1 = await ctx.api.post('/api/v1/payout', {})
    expect(Object.keys(v1.body)).toEqual(['error'])
    expect(Object.keys(v1.body.error).sort()).toEqual(['code', 'details', 'message'])
    const v2 = await ctx.api.get('/api/v2/payouts/payout_x')
    expect(v2.body).toEqual({error: {code: 'PAYOUT_NOT_FOUND', message: expect.any(String)}})
  })

  it('unknown routes are 404 NOT_FOUND; a known path with another method is 405 with Allow', async () => {
    expectError(await ctx.api.get('/api/v3/payouts'), 404, 'NOT_FOUND')
    const res = await ctx.api.call('PUT', '/api/v1/team')
    expectError(res, 405, 'METHOD_NOT_ALLOWED')
    expect(res.headers.allow).toBe('GET, PATCH')
  })

  it('a body that is not JSON is a VALIDATION_ERROR', async () => {
    expectError(await ctx.api.call('POST', '/api/v2/payouts', {raw: '{"amount":'}), 400, 'VALIDATION_ERROR', '')
    expectError(await ctx.api.call('POST', '/api/v2/payouts', {raw: '[1,2]'}), 400, 'VALIDATION_ERROR', '')
    expectError(await ctx.api.call('POST', '/api/v2/payouts', {raw: '"text"'}), 400, 'VALIDATION_ERROR', '')
  })

  it('RATE_LIMITED is 429 with Retry-After (injected with a fault)', async () => {
    await ctx.api.post(
      '/_emulator/faults',
      {method: 'GET', path: '/api/v1/team', count: 1, action: 'status', status: 429},
      {key: null},
    )
    const res = await ctx.api.get('/api/v1/team')
    expectError(res, 429, 'RATE_LIMITED')
    expect(res.headers['retry-after']).toBe('1')
    expect((await ctx.api.get('/api/v1/team')).status).toBe(200)
  })
})
