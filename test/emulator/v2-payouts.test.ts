import {describe, expect, it} from 'vitest'
import {useEmulator} from '../helpers/emulator.js'
import {type Body, DEFAULT, expectError, OTHER, v2Item} from './helpers.js'

/** Spec 4.5 and DESIGN: the v2 payout endpoints, single and batch. */
describe('spec 4.5: v2 payouts', () => {
  const ctx = useEmulator()

  it('v2 POST /payouts creates a payout whose id is payout_ plus the v1 UUID of the same payout', async () => {
    const payout = await ctx.api.v2Create({customId: 'c-1', tags: ['x']})
    expect(payout).toMatchObject({
      object: 'payout',
      id: expect.stringMatching(/^payout_[0-9a-f-]{36}$/),
      customId: 'c-1',
      amount: '10.00',
      currency: 'EUR',
      recipient: {type: 'email', email: 'ada@example.com'},
      status: 'created',
      locked: false,
      tags: ['x'],
    })
    const v1 = await ctx.api.get(`/api/v1/payout/${payout.id.slice('payout_'.length)}`)
    expect(v1.body.customId).toBe('c-1')
    expect(v1.body.email).toBe('ada@example.com')
    const byCustom = await ctx.api.get('/api/v2/payouts/c-1')
    expect(byCustom.body.id).toBe(payout.id)
  })

  it('v2 GET /payouts/{id} finds a payout created through v1, by id or customId', async () => {
    const v1 = await ctx.api.v1Create({customId: 'legacy', creatorHandle: '@ada', email: undefined})
    const v2 = await ctx.api.get(`/api/v2/payouts/payout_${v1.id}`)
    expect(v2.body).toMatchObject({
      id: `payout_${v1.id}`,
      customId: 'legacy',
      recipient: {type: 'handle', handle: '@ada'},
    })
    expect((await ctx.api.get('/api/v2/payouts/legacy')).body.id).toBe(`payout_${v1.id}`)
    expectError(await ctx.api.get(`/api/v2/payouts/${v1.id}`), 404, 'PAYOUT_NOT_FOUND')
  })

  it('v2 POST /payouts with andThen needs payouts:approve; andThen send-claim-link approves and sends the claim link', async () => {
    const refused = await ctx.api.post('/api/v2/payouts', v2Item({andThen: 'send-claim-link'}), {key: DEFAULT})
    expectError(refused, 403, 'INSUFFICIENT_SCOPE')
    expect(refused.body.error.data.requiredScope).toBe('payouts:approve')
    expect((await ctx.api.get('/api/v2/payouts')).body.data).toEqual([])
    const res = await ctx.api.post('/api/v2/payouts', v2Item({andThen: 'send-claim-link'}))
    expect(res.body.status).toBe('approved')
    expect(res.body.claimLinkSentAt).toBeTypeOf('string')
  })

  it('v2 POST /payouts with andThen pay pays a counterparty at once; an e-mail recipient gets the claim link instead', async () => {
    const counterparty = await ctx.api.counterparty()
    const direct = await ctx.api.post(
      '/api/v2/payouts',
      v2Item({recipient: undefined, counterpartyId: counterparty.id, andThen: 'pay'}),
    )
    expect(direct.body.status).toBe('completed')
    const emailed = await ctx.api.post('/api/v2/payouts', v2Item({andThen: 'pay'}))
    expect(emailed.body.status).toBe('approved')
    expect(emailed.body.claimLinkSentAt).toBeTypeOf('string')
  })

  it('v2 POST /payouts with an existing customId is 409 and creates nothing', async () => {
    await ctx.api.v2Create({customId: 'dup'})
    expectError(await ctx.api.post('/api/v2/payouts', v2Item({customId: 'dup'})), 409, 'INVALID_STATE')
    expect((await ctx.api.get('/api/v2/payouts')).body.data).toHaveLength(1)
  })

  it('v2 GET /payouts lists newest first with limit, repeatable status and opaque cursors', async () => {
    const ids: string[] = []
    for (let i = 0; i < 7; i++) ids.push((await ctx.api.v2Create({customId: `l${i}`})).id)
    await ctx.api.post('/api/v2/payouts/approve', {ids: [ids[1], ids[3]]})
    const seen: string[] = []
    let cursor: string | undefined
    do {
      const res = await ctx.api.get('/api/v2/payouts', {query: cursor ? {limit: 3, cursor} : {limit: 3}})
      expect(res.body.object).toBe('list')
      seen.push(...res.body.data.map((p: Body) => p.id))
      cursor = res.body.hasMore ? res.body.nextCursor : undefined
      if (!res.body.hasMore) expect(res.body.nextCursor).toBeUndefined()
    } while (cursor)
    expect(seen).toEqual([...ids].reverse())
    const approved = await ctx.api.get('/api/v2/payouts', {query: {status: ['approved', 'expired']}})
    expect(approved.body.data.map((p: Body) => p.id)).toEqual([ids[3], ids[1]])
    expect(approved.body.hasMore).toBe(false)
  })

  it('v2 GET /payouts rejects a bad limit, unknown status, a forged cursor and a cursor of another filter', async () => {
    for (let i = 0; i < 3; i++) await ctx.api.v2Create()
    const page = await ctx.api.get('/api/v2/payouts', {query: {limit: 1}})
    expectError(await ctx.api.get('/api/v2/payouts', {query: {limit: 0}}), 400, 'VALIDATION_ERROR', 'limit')
    expectError(await ctx.api.get('/api/v2/payouts', {query: {limit: 101}}), 400, 'VALIDATION_ERROR', 'limit')
    expectError(await ctx.api.get('/api/v2/payouts', {query: {status: 'deleted'}}), 400, 'VALIDATION_ERROR', 'status.0')
    expectError(await ctx.api.get('/api/v2/payouts', {query: {cursor: 'eyJ9.abc'}}), 400, 'VALIDATION_ERROR', 'cursor')
    expectError(
      await ctx.api.get('/api/v2/payouts', {query: {cursor: page.body.nextCursor, status: 'created'}}),
      400,
      'VALIDATION_ERROR',
      'cursor',
    )
  })

  it('v2 PATCH changes amount, currency, tags, customId and recipient, validating like create', async () => {
    const payout = await ctx.api.v2Create()
    const res = await ctx.api.patch(`/api/v2/payouts/${payout.id}`, {
      amount: '7.5',
      currency: 'USD',
      tags: [],
      customId: 'new-id',
    })
    expect(res.status, res.text).toBe(200)
    expect(res.body).toMatchObject({amount: '7.50', currency: 'USD', tags: [], customId: 'new-id'})
    for (const [body, path] of [
      [{amount: '1e3'}, 'amount'],
      [{currency: 'JPY'}, 'currency'],
      [{recipient: {type: 'email'}}, 'recipient.email'],
      [{recipient: {type: 'fax', fax: '1'}}, 'recipient.type'],
      [{description: ''}, 'description'],
    ] as const)
      expectError(await ctx.api.patch(`/api/v2/payouts/${payout.id}`, body), 400, 'VALIDATION_ERROR', path)
    expect((await ctx.api.get(`/api/v2/payouts/${payout.id}`)).body.amount).toBe('7.50')
  })

  it('v2 send-claim-link sets claimLinkSentAt; calling again resends with a new time', async () => {
    const payout = await ctx.api.v2Create()
    const first = await ctx.api.post(`/api/v2/payouts/${payout.id}/send-claim-link`)
    expect(first.status, first.text).toBe(200)
    expect(first.body.status).toBe('created')
    await ctx.api.advance(60)
    const again = await ctx.api.post(`/api/v2/payouts/${payout.id}/send-claim-link`)
    expect(Date.parse(again.body.claimLinkSentAt)).toBeGreaterThan(Date.parse(first.body.claimLinkSentAt))
  })

  it('v2 pay refuses a payout with an e-mail recipient and one that is not approved', async () => {
    const emailed = await ctx.api.v2Create()
    await ctx.api.post(`/api/v2/payouts/${emailed.id}/approve`)
    expectError(await ctx.api.post(`/api/v2/payouts/${emailed.id}/pay`), 409, 'INVALID_STATE')
    const counterparty = await ctx.api.counterparty()
    const created = await ctx.api.v2Create({recipient: undefined, counterpartyId: counterparty.id})
    expectError(await ctx.api.post(`/api/v2/payouts/${created.id}/pay`), 409, 'INVALID_STATE')
    expect((await ctx.api.get(`/api/v2/payouts/${created.id}`)).body.status).toBe('created')
  })

  it('v2 pay refuses a counterparty that still misses what a direct payment needs', async () => {
    const counterparty = await ctx.api.counterparty({paymentMethod: undefined})
    expect(counterparty.missing).toEqual(['paymentMethod'])
    const payout = await ctx.api.v2Create({recipient: undefined, counterpartyId: counterparty.id})
    await ctx.api.post(`/api/v2/payouts/${payout.id}/approve`)
    const res = await ctx.api.post(`/api/v2/payouts/${payout.id}/pay`)
    expectError(res, 409, 'INVALID_STATE')
    expect(res.body.error.data.missing).toEqual(['paymentMethod'])
  })

  it('payouts of another team are invisible: 404 PAYOUT_NOT_FOUND on read, update, delete, approve and pay', async () => {
    const payout = await ctx.api.v2Create({customId: 'mine'})
    for (const res of [
      await ctx.api.get(`/api/v2/payouts/${payout.id}`, {key: OTHER}),
      await ctx.api.get('/api/v2/payouts/mine', {key: OTHER}),
      await ctx.api.patch(`/api/v2/payouts/${payout.id}`, {description: 'x'}, {key: OTHER}),
      await ctx.api.delete(`/api/v2/payouts/${payout.id}`, {key: OTHER}),
      await ctx.api.post(`/api/v2/payouts/${payout.id}/approve`, undefined, {key: OTHER}),
      await ctx.api.post(`/api/v2/payouts/${payout.id}/pay`, undefined, {key: OTHER}),
    ])
      expectError(res, 404, 'PAYOUT_NOT_FOUND')
    expectError(await ctx.api.get(`/api/v1/payout/${payout.id.slice(7)}`, {key: OTHER}), 404, 'NOT_FOUND')
    expect((await ctx.api.get(`/api/v2/payouts/${payout.id}`)).body).toMatchObject({
      status: 'created',
      description: 'Royalties',
    })
  })
})

describe('spec 4.5 rules and 8: v2 batches', () => {
  const ctx = useEmulator()

  it('batch create takes up to 100 items and answers a list in item order', async () => {
    const items = Array.from({length: 100}, (_, i) => v2Item({customId: `b${i}`, amount: `${i + 1}.00`}))
    const res = await ctx.api.post('/api/v2/payouts/batch', {items})
    expect(res.status, res.text).toBe(200)
    expect(res.body.object).toBe('list')
    expect(res.body.data).toHaveLength(100)
    expect(res.body.data[99]).toMatchObject({customId: 'b99', amount: '100.00'})
  })

  it('batch create of 101 items is a VALIDATION_ERROR and creates nothing', async () => {
    const items = Array.from({length: 101}, () => v2Item())
    expectError(await ctx.api.post('/api/v2/payouts/batch', {items}), 400, 'VALIDATION_ERROR', 'items')
    expectError(await ctx.api.post('/api/v2/payouts/batch', {items: []}), 400, 'VALIDATION_ERROR', 'items')
    expectError(await ctx.api.post('/api/v2/payouts/batch', {items: 'x'}), 400, 'VALIDATION_ERROR', 'items')
    expect(await ctx.api.v1Count()).toBe(0)
  })

  it('batch create is all-or-nothing: one bad item fails the request with its code and error.index', async () => {
    const items = Array.from({length: 5}, (_, i) => v2Item({customId: `x${i}`}))
    items[3] = v2Item({amount: '1,000.00'})
    const res = await ctx.api.post('/api/v2/payouts/batch', {items})
    expectError(res, 400, 'VALIDATION_ERROR', 'items.3.amount')
    expect(res.body.error.index).toBe(3)
    const duplicate = Array.from({length: 3}, (_, i) => v2Item({customId: `y${i}`}))
    duplicate[2] = v2Item({customId: 'y0'})
    const dup = await ctx.api.post('/api/v2/payouts/batch', {items: duplicate})
    expectError(dup, 409, 'INVALID_STATE')
    expect(dup.body.error.index).toBe(2)
    const foreign = await ctx.api.counterparty({}, OTHER)
    const withForeign = [v2Item(), v2Item({recipient: undefined, counterpartyId: foreign.id})]
    const notFound = await ctx.api.post('/api/v2/payouts/batch', {items: withForeign})
    expectError(notFound, 404, 'NOT_FOUND')
    expect(notFound.body.error.index).toBe(1)
    expect(await ctx.api.v1Count()).toBe(0)
  })

  it('batch approve reserves the sum in one decision; exceeding it is 422 INSUFFICIENT_BALANCE at the first item that no longer fits, nothing approved', async () => {
    const ids = []
    for (const amount of ['4000.00', '4000.00', '4000.00']) ids.push((await ctx.api.v2Create({amount})).id)
    const res = await ctx.api.post('/api/v2/payouts/approve', {ids})
    expectError(res, 422, 'INSUFFICIENT_BALANCE')
    expect(res.body.error.index).toBe(2)
    expect(res.body.error.data).toEqual({walletBalance: '10000.00', totalOpenAmount: '12000.00', currency: 'EUR'})
    for (const id of ids) expect((await ctx.api.get(`/api/v2/payouts/${id}`)).body.status).toBe('created')
    expect((await ctx.api.account('EUR')).balance.reserved).toBe('0.00')
    const ok = await ctx.api.post('/api/v2/payouts/approve', {ids: ids.slice(0, 2)})
    expect(ok.body.data.map((p: Body) => p.status)).toEqual(['approved', 'approved'])
    expect((await ctx.api.account('EUR')).balance.reserved).toBe('8000.00')
  })

  it('batch approve fails whole on a payout that is not created, naming its index', async () => {
    const a = await ctx.api.v2Create()
    const b = await ctx.api.v2Create()
    await ctx.api.post(`/api/v2/payouts/${b.id}/approve`)
    const res = await ctx.api.post('/api/v2/payouts/approve', {ids: [a.id, b.id]})
    expectError(res, 409, 'INVALID_STATE')
    expect(res.body.error.index).toBe(1)
    expect((await ctx.api.get(`/api/v2/payouts/${a.id}`)).body.status).toBe('created')
  })

  it('batch approve with andThen pay needs payouts:write as well as payouts:approve', async () => {
    const team = await ctx.api.newTeam({scopes: ['payouts:approve', 'payouts:read']})
    const res = await ctx.api.post(
      '/api/v2/payouts/approve',
      {ids: ['payout_00000000-0000-4000-8000-000000000000'], andThen: 'pay'},
      {key: team.key},
    )
    expectError(res, 403, 'INSUFFICIENT_SCOPE')
    expect(res.body.error.data.requiredScope).toBe('payouts:write')
    const plain = await ctx.api.post(
      '/api/v2/payouts/approve',
      {ids: ['payout_00000000-0000-4000-8000-000000000000']},
      {key: team.key},
    )
    expectError(plain, 404, 'PAYOUT_NOT_FOUND')
  })

  it('batch pay moves every payout to requested in one transaction, then each settles', async () => {
    const good = await ctx.api.counterparty()
    const bad = await ctx.api.counterparty({
      email: 'fail@example.com',
      identity: {type: 'individual', firstName: 'Sandbox Fail', lastName: 'Person'},
    })
    const ids = []
    for (const counterparty of [good, bad, good])
      ids.push((await ctx.api.v2Create({recipient: undefined, counterpartyId: counterparty.id})).id)
    await ctx.api.post('/api/v2/payouts/approve', {ids})
    const res = await ctx.api.post('/api/v2/payouts/pay', {ids})
    expect(res.status, res.text).toBe(200)
    expect(res.body.data.map((p: Body) => p.status)).toEqual(['completed', 'failed', 'completed'])
    for (const payout of res.body.data) expect(payout.requestedAt).toBeTypeOf('string')
  })

  it('batch pay is all-or-nothing: a payout that cannot be paid fails the request with its index, nothing moves', async () => {
    const counterparty = await ctx.api.counterparty()
    const a = await ctx.api.v2Create({recipient: undefined, counterpartyId: counterparty.id})
    const b = await ctx.api.v2Create({recipient: undefined, counterpartyId: counterparty.id})
    await ctx.api.post('/api/v2/payouts/approve', {ids: [a.id]})
    const res = await ctx.api.post('/api/v2/payouts/pay', {ids: [a.id, b.id]})
    expectError(res, 409, 'INVALID_STATE')
    expect(res.body.error.index).toBe(1)
    expect((await ctx.api.get(`/api/v2/payouts/${a.id}`)).body.status).toBe('approved')
    expect((await ctx.api.get('/api/v2/transactions', {query: {type: 'payout'}})).body.data).toEqual([])
  })

  it('batch send-claim-link checks every payout before the first is sent', async () => {
    const counterparty = await ctx.api.counterparty({email: undefined})
    const a = await ctx.api.v2Create()
    const b = await ctx.api.v2Create({recipient: undefined, counterpartyId: counterparty.id})
    const res = await ctx.api.post('/api/v2/payouts/send-claim-link', {ids: [a.id, b.id]})
    expectError(res, 409, 'INVALID_STATE')
    expect(res.body.error.index).toBe(1)
    expect((await ctx.api.get(`/api/v2/payouts/${a.id}`)).body.claimLinkSentAt).toBeUndefined()
    const ok = await ctx.api.post('/api/v2/payouts/send-claim-link', {ids: [a.id]})
    expect(ok.body.data[0].claimLinkSentAt).toBeTypeOf('string')
  })

  it('batch id endpoints take 1 to 100 ids; unknown or foreign ids are PAYOUT_NOT_FOUND at their index', async () => {
    const mine = await ctx.api.v2Create()
    const foreign = await ctx.api.v2Create({}, OTHER)
    for (const path of ['/api/v2/payouts/approve', '/api/v2/payouts/pay', '/api/v2/payouts/send-claim-link']) {
      expectError(await ctx.api.post(path, {ids: []}), 400, 'VALIDATION_ERROR', 'ids')
      expectError(
        await ctx.api.post(path, {ids: Array.from({length: 101}, () => mine.id)}),
        400,
        'VALIDATION_ERROR',
        'ids',
      )
      expectError(await ctx.api.post(path, {}), 400, 'VALIDATION_ERROR', 'ids')
      expectError(await ctx.api.post(path, {ids: [mine.id, 5]}), 400, 'VALIDATION_ERROR', 'ids.1')
      const res = await ctx.api.post(path, {ids: [mine.id, foreign.id]})
      expectError(res, 404, 'PAYOUT_NOT_FOUND')
      expect(res.body.error.index).toBe(1)
    }
    expect((await ctx.api.get(`/api/v2/payouts/${mine.id}`)).body).toMatchObject({status: 'created'})
    expect((await ctx.api.get(`/api/v2/payouts/${mine.id}`)).body.claimLinkSentAt).toBeUndefined()
  })
})
