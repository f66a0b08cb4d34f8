import {describe, expect, it} from 'vitest'
import {useEmulator} from '../helpers/emulator.js'
import {counterpartyBody, expectError, OTHER, v2Item} from './helpers.js'

/** Spec 4 and 8 (idempotency-key on every v2 POST), DESIGN (scope per endpoint and team). */
describe('spec 4 and 8: idempotency of v2 POSTs', () => {
  const ctx = useEmulator()

  it('the same key on the same endpoint replays the stored status and body with Idempotent-Replayed: true', async () => {
    const first = await ctx.api.post('/api/v2/payouts', v2Item(), {idempotencyKey: 'k-1'})
    const second = await ctx.api.post('/api/v2/payouts', v2Item(), {idempotencyKey: 'k-1'})
    expect(first.status).toBe(200)
    expect(first.headers['idempotent-replayed']).toBeUndefined()
    expect(second.status).toBe(200)
    expect(second.headers['idempotent-replayed']).toBe('true')
    expect(second.body).toEqual(first.body)
    expect((await ctx.api.get('/api/v2/payouts')).body.data).toHaveLength(1)
  })

  it('a replay does not depend on the key order or spacing of the JSON body', async () => {
    await ctx.api.post(
      '/api/v2/payouts',
      {currency: 'EUR', amount: '1.00', description: 'd', recipient: {type: 'email', email: 'a@b.co'}},
      {idempotencyKey: 'k-order'},
    )
    const again = await ctx.api.call('POST', '/api/v2/payouts', {
      raw: '{ "description": "d", "recipient": {"email": "a@b.co", "type": "email"}, "amount": "1.00", "currency": "EUR" }',
      idempotencyKey: 'k-order',
    })
    expect(again.headers['idempotent-replayed']).toBe('true')
  })

  it('the same key with another body is 409 IDEMPOTENCY_KEY_REUSED and changes nothing', async () => {
    await ctx.api.post('/api/v2/payouts', v2Item(), {idempotencyKey: 'k-2'})
    const res = await ctx.api.post('/api/v2/payouts', v2Item({amount: '11.00'}), {idempotencyKey: 'k-2'})
    expectError(res, 409, 'IDEMPOTENCY_KEY_REUSED')
    expect((await ctx.api.get('/api/v2/payouts')).body.data).toHaveLength(1)
  })

  it('keys of 1 to 255 characters are accepted; an empty key or one longer than 255 is a VALIDATION_ERROR', async () => {
    expect((await ctx.api.post('/api/v2/payouts', v2Item(), {idempotencyKey: 'x'.repeat(255)})).status).toBe(200)
    expect((await ctx.api.post('/api/v2/payouts', v2Item(), {idempotencyKey: 'y'})).status).toBe(200)
    expectError(
      await ctx.api.post('/api/v2/payouts', v2Item(), {idempotencyKey: 'x'.repeat(256)}),
      400,
      'VALIDATION_ERROR',
      'idempotency-key',
    )
    expectError(
      await ctx.api.post('/api/v2/payouts', v2Item(), {idempotencyKey: ''}),
      400,
      'VALIDATION_ERROR',
      'idempotency-key',
    )
    expect((await ctx.api.get('/api/v2/payouts')).body.data).toHaveLength(2)
  })

  it('after 24 hours of the emulator clock the key is fresh again', async () => {
    await ctx.api.post('/api/v2/payouts', v2Item(), {idempotencyKey: 'k-3'})
    await ctx.api.advance(23 * 3600)
    expect(
      (await ctx.api.post('/api/v2/payouts', v2Item(), {idempotencyKey: 'k-3'})).headers['idempotent-replayed'],
    ).toBe('true')
    await ctx.api.advance(3600)
    const later = await ctx.api.post('/api/v2/payouts', v2Item({amount: '2.00'}), {idempotencyKey: 'k-3'})
    expect(later.status).toBe(200)
    expect(later.headers['idempotent-replayed']).toBeUndefined()
    expect((await ctx.api.get('/api/v2/payouts')).body.data).toHaveLength(2)
  })

  it('keys are scoped per endpoint and per team', async () => {
    const payout = await ctx.api.post('/api/v2/payouts', v2Item(), {idempotencyKey: 'shared'})
    const counterparty = await ctx.api.post('/api/v2/counterparties', counterpartyBody(), {idempotencyKey: 'shared'})
    expect(counterparty.status).toBe(200)
    expect(counterparty.headers['idempotent-replayed']).toBeUndefined()
    const other = await ctx.api.post('/api/v2/payouts', v2Item(), {idempotencyKey: 'shared', key: OTHER})
    expect(other.status).toBe(200)
    expect(other.headers['idempotent-replayed']).toBeUndefined()
    expect(other.body.id).not.toBe(payout.body.id)
  })

  it('only successful answers are stored: a refused request can be fixed and sent again with the same key', async () => {
    const ids = [(await ctx.api.v2Create({amount: '20000.00'})).id]
    expectError(
      await ctx.api.post('/api/v2/payouts/approve', {ids}, {idempotencyKey: 'k-4'}),
      422,
      'INSUFFICIENT_BALANCE',
    )
    await ctx.api.post('/api/v2/team/sandbox-deposit', {currency: 'EUR', amount: '20000.00'})
    const ok = await ctx.api.post('/api/v2/payouts/approve', {ids}, {idempotencyKey: 'k-4'})
    expect(ok.status, ok.text).toBe(200)
    expect(ok.headers['idempotent-replayed']).toBeUndefined()
  })

  it('every v2 POST honours the key: create, batch, approve, send-claim-link, pay, counterparties and sandbox deposit', async () => {
    const counterparty = await ctx.api.counterparty()
    const a = await ctx.api.v2Create({recipient: undefined, counterpartyId: counterparty.id})
    const b = await ctx.api.v2Create()
    const c = await ctx.api.v2Create({recipient: undefined, counterpartyId: counterparty.id})
    await ctx.api.post(`/api/v2/payouts/${c.id}/approve`)
    const calls: Array<[string, unknown]> = [
      ['/api/v2/payouts', v2Item()],
      ['/api/v2/payouts/batch', {items: [v2Item()]}],
      [`/api/v2/payouts/${a.id}/approve`, {andThen: 'pay'}],
      [`/api/v2/payouts/${b.id}/send-claim-link`, undefined],
      ['/api/v2/payouts/send-claim-link', {ids: [b.id]}],
      [`/api/v2/payouts/${c.id}/pay`, undefined],
      ['/api/v2/counterparties', counterpartyBody()],
      ['/api/v2/team/sandbox-deposit', {currency: 'USD', amount: '3.00'}],
    ]
    for (const [path, body] of calls) {
      const first = await ctx.api.post(path, body, {idempotencyKey: `every-${path}`})
      expect(first.status, `${path}: ${first.text}`).toBe(200)
      const second = await ctx.api.post(path, body, {idempotencyKey: `every-${path}`})
      expect(second.headers['idempotent-replayed'], path).toBe('true')
      expect(second.body, path).toEqual(first.body)
    }
    expect((await ctx.api.account('USD')).balance.total).toBe('10003.00')
    expect((await ctx.api.get('/api/v2/transactions', {query: {type: 'payout'}})).body.data).toHaveLength(2)
  })

  it('v1 POSTs ignore the idempotency-key header (v1 creation is an upsert on customId)', async () => {
    await ctx.api.post(
      '/api/v1/payout',
      {description: 'a', payoutAmount: '1.00', currency: 'EUR'},
      {idempotencyKey: 'v1'},
    )
    await ctx.api.post(
      '/api/v1/payout',
      {description: 'a', payoutAmount: '1.00', currency: 'EUR'},
      {idempotencyKey: 'v1'},
    )
    expect(await ctx.api.v1Count()).toBe(2)
  })
})
