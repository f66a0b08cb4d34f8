import {request} from 'undici'
import {describe, expect, it} from 'vitest'
import {useEmulator} from '../helpers/emulator.js'
import {type Body, expectError, FULL, OTHER, v2Item} from './helpers.js'

/** DESIGN "The emulator": the /_emulator control routes. */
describe('emulator control routes', () => {
  const ctx = useEmulator()

  it('POST /_emulator/reset empties the database, seeds again with the same keys and puts the clock back', async () => {
    await ctx.api.v1Create()
    await ctx.api.advance(3600)
    const res = await ctx.api.post('/_emulator/reset', undefined, {key: null})
    expect(res.body).toMatchObject({reset: true, teamId: ctx.emu.seed.teamId, keys: {full: FULL}})
    expect(await ctx.api.v1Count()).toBe(0)
    expect((await ctx.api.get('/_emulator/clock', {key: null})).body.offsetSeconds).toBe(0)
    expect((await ctx.api.get('/api/v1/team', {key: OTHER})).status).toBe(200)
  })

  it('POST /_emulator/clock moves the emulator clock; timestamps follow it', async () => {
    const before = await ctx.api.v2Create()
    const clock = await ctx.api.advance(86_400)
    expect(clock.offsetSeconds).toBe(86_400)
    const after = await ctx.api.v2Create()
    expect(Date.parse(after.createdAt) - Date.parse(before.createdAt)).toBeGreaterThanOrEqual(86_400_000)
    expectError(
      await ctx.api.post('/_emulator/clock', {advanceSeconds: -1}, {key: null}),
      400,
      'VALIDATION_ERROR',
      'advanceSeconds',
    )
    expectError(
      await ctx.api.post('/_emulator/clock', {advanceSeconds: '5'}, {key: null}),
      400,
      'VALIDATION_ERROR',
      'advanceSeconds',
    )
  })

  it('fault status answers the status with an error body for the next count matching requests and changes nothing', async () => {
    await ctx.api.post(
      '/_emulator/faults',
      {method: 'POST', path: '/api/v2/payouts', count: 2, action: 'status', status: 503},
      {key: null},
    )
    expectError(await ctx.api.post('/api/v2/payouts', v2Item()), 503, 'SERVICE_UNAVAILABLE')
    expectError(await ctx.api.post('/api/v2/payouts/batch', {items: [v2Item()]}), 503, 'SERVICE_UNAVAILABLE')
    expect((await ctx.api.get('/api/v2/payouts')).body.data).toEqual([])
    expect((await ctx.api.post('/api/v2/payouts', v2Item())).status).toBe(200)
  })

  it('fault delay answers after the delay, normally', async () => {
    await ctx.api.post(
      '/_emulator/faults',
      {method: 'GET', path: '/api/v1/team', action: 'delay', delayMs: 50},
      {key: null},
    )
    expect((await ctx.api.get('/api/v1/team')).status).toBe(200)
    expect((await ctx.api.get('/_emulator/faults', {key: null})).body.data).toEqual([])
  })

  it('fault drop closes the socket and changes nothing', async () => {
    await ctx.api.post('/_emulator/faults', {method: 'POST', path: '/api/v2/payouts', action: 'drop'}, {key: null})
    await expect(ctx.api.post('/api/v2/payouts', v2Item())).rejects.toThrow()
    expect((await ctx.api.get('/api/v2/payouts')).body.data).toEqual([])
  })

  it('fault drop-after-commit applies the change, then closes the socket; a retry with the same key replays it', async () => {
    await ctx.api.post(
      '/_emulator/faults',
      {method: 'POST', path: '/api/v2/payouts', action: 'drop-after-commit'},
      {key: null},
    )
    await expect(ctx.api.post('/api/v2/payouts', v2Item(), {idempotencyKey: 'retry-me'})).rejects.toThrow()
    expect((await ctx.api.get('/api/v2/payouts')).body.data).toHaveLength(1)
    const retry = await ctx.api.post('/api/v2/payouts', v2Item(), {idempotencyKey: 'retry-me'})
    expect(retry.headers['idempotent-replayed']).toBe('true')
    expect((await ctx.api.get('/api/v2/payouts')).body.data).toHaveLength(1)
  })

  it('fault bodies are validated', async () => {
    for (const [body, path] of [
      [{path: '/x', action: 'status', status: 500}, 'method'],
      [{method: 'GET', action: 'status', status: 500}, 'path'],
      [{method: 'GET', path: 'x', action: 'status', status: 500}, 'path'],
      [{method: 'GET', path: '/x', action: 'explode'}, 'action'],
      [{method: 'GET', path: '/x', action: 'status'}, 'status'],
      [{method: 'GET', path: '/x', action: 'status', status: 700}, 'status'],
      [{method: 'GET', path: '/x', action: 'delay'}, 'delayMs'],
      [{method: 'GET', path: '/x', action: 'drop', count: 0}, 'count'],
    ] as const)
      expectError(await ctx.api.post('/_emulator/faults', body, {key: null}), 400, 'VALIDATION_ERROR', path)
    expect((await ctx.api.get('/_emulator/faults', {key: null})).body.data).toEqual([])
  })

  it('POST /_emulator/payouts/{id}/claim takes the v1 UUID or the v2 id and validates method and details', async () => {
    const payout = await ctx.api.v2Create({currency: 'USD'})
    const uuid = payout.id.slice('payout_'.length)
    for (const [body, path] of [
      [{}, 'method'],
      [{method: 'cheque', details: {}}, 'method'],
      [{method: 'bank-iban', details: {accountHolderName: 'A'}}, 'details.iban'],
      [{method: 'bank-iban', details: {accountHolderName: 'A', iban: 'DE00'}}, 'details.iban'],
      [
        {method: 'bank-uk', details: {accountHolderName: 'A', sortCode: '1', accountNumber: '12345678'}},
        'details.sortCode',
      ],
      [
        {method: 'bank-ach', details: {accountHolderName: 'A', routingNumber: '12', accountNumber: '1234'}},
        'details.routingNumber',
      ],
      [{method: 'paypal', details: {email: 'nope'}}, 'details.email'],
      [{method: 'venmo', details: {phone: 'x'}}, 'details.phone'],
      [{method: 'crypto', details: {address: '0x1'}}, 'details.address'],
      [{method: 'crypto', details: {address: '0x000000000000000000000000000000000000dEaD', memo: 'x'}}, 'details.memo'],
    ] as const)
      expectError(
        await ctx.api.post(`/_emulator/payouts/${uuid}/claim`, body, {key: null}),
        400,
        'VALIDATION_ERROR',
        path,
      )
    expectError(
      await ctx.api.claim('payout_00000000-0000-4000-8000-000000000000', 'paypal', {email: 'a@b.co'}),
      404,
      'NOT_FOUND',
    )
    const v1 = await ctx.api.claim(uuid, 'bank-ach', {
      accountHolderName: 'A B',
      routingNumber: '123456789',
      accountNumber: '000123456',
    })
    expect(v1.body.id).toBe(uuid)
    expect(v1.body.status).toBe('created')
    const v2 = await ctx.api.claim(payout.id, 'crypto', {address: '0x1111111111111111111111111111111111111111'})
    expect(v2.body.id).toBe(payout.id)
    const approved = await ctx.api.post(`/api/v2/payouts/${payout.id}/approve`)
    expect(approved.body).toMatchObject({
      status: 'completed',
      paymentMethod: {type: 'crypto', asset: 'USDC', currency: 'USD'},
    })
    const tx = await ctx.api.get('/api/v2/transactions', {query: {payoutId: payout.id}})
    expect(tx.body.data[0].txHash).toMatch(/^0x[0-9a-f]{64}$/)
  })

  it('each failure trigger of spec section 1 fails the claim settlement', async () => {
    const triggers: Array<[string, Record<string, string>]> = [
      ['bank-iban', {accountHolderName: 'Mr SANDBOX FAIL', iban: 'DE89370400440532013000'}],
      ['bank-swift', {accountHolderName: 'SANDBOX FAIL', bic: 'DEUTDEFF', accountNumber: '12345678'}],
      ['bank-ach', {accountHolderName: 'SANDBOX FAIL', routingNumber: '123456789', accountNumber: '1234'}],
      ['bank-wire', {accountHolderName: 'SANDBOX FAIL', routingNumber: '123456789', accountNumber: '1234'}],
      ['bank-uk', {accountHolderName: 'SANDBOX FAIL', sortCode: '12-34-56', accountNumber: '12345678'}],
      ['paypal', {email: 'me+sandbox-fail@example.com'}],
      ['venmo', {phone: '+15555550000'}],
      ['crypto', {address: '0x000000000000000000000000000000000000dEaD'}],
    ]
    for (const [method, details] of triggers) {
      const payout = await ctx.api.v2Create()
      await ctx.api.post(`/api/v2/payouts/${payout.id}/approve`)
      const res = await ctx.api.claim(payout.id, method, details)
      expect(res.body.status, method).toBe('failed')
      expect(res.body.failureCode, method).toBeTypeOf('string')
    }
    expect((await ctx.api.account('EUR')).balance).toEqual({total: '10000.00', reserved: '0.00', available: '10000.00'})
  })

  it('a failed claim can be claimed again with other details and then completes', async () => {
    const payout = await ctx.api.v1Create({preApproved: true})
    await ctx.api.claim(payout.id, 'paypal', {email: 'sandbox-fail@example.com'})
    const again = await ctx.api.claim(payout.id, 'paypal', {email: 'fine@example.com'})
    expect(again.body.status).toBe('completed')
    const completedClaim = await ctx.api.claim(payout.id, 'paypal', {email: 'fine@example.com'})
    expectError(completedClaim, 409, 'INVALID_STATE')
  })

  it('POST /_emulator/teams creates a team with a wallet and a key with the chosen scopes', async () => {
    const team = await ctx.api.newTeam({name: 'Scoped', scopes: ['team:read', 'payouts:read']})
    expect(team.teamId).toMatch(/^[0-9a-f-]{36}$/)
    expect(team.key).toMatch(/^sk_sandbox_/)
    const record = await ctx.api.get('/api/v1/team', {key: team.key})
    expect(record.body).toMatchObject({id: team.teamId, name: 'Scoped'})
    expect(record.body.balances[0].walletAddress).toMatch(/^0x/)
    expectError(await ctx.api.post('/api/v2/payouts', v2Item(), {key: team.key}), 403, 'INSUFFICIENT_SCOPE')
    const fallback = await ctx.api.newTeam({})
    expect((await ctx.api.post('/api/v2/payouts', v2Item(), {key: fallback.key})).status).toBe(200)
    for (const [body, path] of [
      [{}, 'name'],
      [{name: 'x', scopes: ['root']}, 'scopes.0'],
      [{name: 'x', wallet: 'no'}, 'wallet'],
    ] as const)
      expectError(await ctx.api.post('/_emulator/teams', body, {key: null}), 400, 'VALIDATION_ERROR', path)
  })

  it('control routes need no credentials and ignore faults', async () => {
    await ctx.api.post(
      '/_emulator/faults',
      {method: '*', path: '/', count: 5, action: 'status', status: 500},
      {key: null},
    )
    const res = await request(`${ctx.emu.url}/_emulator/clock`)
    expect(res.statusCode).toBe(200)
    const body: Body = await res.body.json()
    expect(body.now).toBeTypeOf('string')
    expectError(await ctx.api.get('/api/v1/team'), 500, 'INTERNAL_ERROR')
    await ctx.api.delete('/_emulator/faults', {key: null})
    expect((await ctx.api.get('/api/v1/team')).status).toBe(200)
  })
})
