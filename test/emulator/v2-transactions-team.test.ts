import {beforeEach, describe, expect, it} from 'vitest'
import {startEmulator} from '../../src/emulator/index.js'
import {useEmulator} from '../helpers/emulator.js'
import {Api, type Body, expectError, OTHER} from './helpers.js'

/** Spec 4.5b, 2.5, 2.6: transactions, the sandbox deposit, the v2 team and accounts. */
describe('spec 4.5b: v2 transactions', () => {
  const ctx = useEmulator()
  /** The seed's deposits (one per seeded balance): the tests look at what they add. */
  let seeded: Set<string>
  beforeEach(async () => {
    seeded = new Set((await ctx.api.get('/api/v2/transactions')).body.data.map((t: Body) => t.id))
  })
  const added = (data: Body[]) => data.filter(t => !seeded.has(t.id))

  /** Two deposits, a completed payout in EUR and a failed one in USD, spread over the emulator clock. */
  async function history() {
    await ctx.api.post('/api/v2/team/sandbox-deposit', {currency: 'EUR', amount: '100.00'})
    await ctx.api.advance(60)
    const paid = await ctx.api.v2Create({customId: 'paid', amount: '20.00'})
    await ctx.api.post(`/api/v2/payouts/${paid.id}/approve`)
    await ctx.api.claim(paid.id, 'paypal', {email: 'ada@example.com'})
    await ctx.api.advance(60)
    const failed = await ctx.api.v2Create({customId: 'failed', currency: 'USD', amount: '5.00'})
    await ctx.api.post(`/api/v2/payouts/${failed.id}/approve`)
    await ctx.api.claim(failed.id, 'venmo', {phone: '+15555550000'})
    await ctx.api.advance(60)
    await ctx.api.post('/api/v2/team/sandbox-deposit', {currency: 'USD', amount: '50.00'})
    return {paid, failed}
  }

  it('GET /transactions records deposits and payouts, newest first by createdAt with id as tie-breaker', async () => {
    const {paid, failed} = await history()
    const res = await ctx.api.get('/api/v2/transactions')
    expect(res.body.object).toBe('list')
    expect(res.body.hasMore).toBe(false)
    const data = added(res.body.data)
    expect(data.map((t: Body) => [t.type, t.status, t.currency])).toEqual([
      ['deposit', 'completed', 'USD'],
      ['payout', 'failed', 'USD'],
      ['payout', 'completed', 'EUR'],
      ['deposit', 'completed', 'EUR'],
    ])
    const payout = data[2]
    expect(payout).toMatchObject({
      object: 'transaction',
      id: expect.stringMatching(/^transaction_[0-9a-f-]{36}_out$/),
      direction: 'out',
      amount: '20.00',
      payoutIds: [paid.id],
      account: {type: 'paypal', email: 'ada@example.com'},
    })
    expect(payout.completedAt).toBeTypeOf('string')
    expect(data[1].payoutIds).toEqual([failed.id])
    expect(data[3]).toMatchObject({direction: 'in', id: expect.stringMatching(/_in$/)})
  })

  it('GET /transactions filters by repeatable type, status and currency, payoutId (id or customId), createdFrom and createdBefore', async () => {
    const {paid} = await history()
    const ids = async (query: Record<string, string | string[]>) =>
      added((await ctx.api.get('/api/v2/transactions', {query})).body.data).map((t: Body) => `${t.type}/${t.currency}`)
    expect(await ids({type: 'deposit'})).toEqual(['deposit/USD', 'deposit/EUR'])
    expect(await ids({type: ['deposit', 'payout'], status: 'failed'})).toEqual(['payout/USD'])
    expect(await ids({currency: 'EUR'})).toEqual(['payout/EUR', 'deposit/EUR'])
    expect(await ids({currency: ['EUR', 'USD'], status: ['completed']})).toHaveLength(3)
    expect(await ids({payoutId: paid.id})).toEqual(['payout/EUR'])
    expect(await ids({payoutId: 'failed'})).toEqual(['payout/USD'])
    expect(await ids({payoutId: 'payout_00000000-0000-4000-8000-000000000000'})).toEqual([])
    const all = added((await ctx.api.get('/api/v2/transactions')).body.data)
    const from = all[2].createdAt
    expect(await ids({createdFrom: from})).toEqual(['deposit/USD', 'payout/USD', 'payout/EUR'])
    expect(await ids({createdBefore: from})).toEqual(['deposit/EUR'])
    expect(await ids({createdFrom: from, createdBefore: all[0].createdAt})).toEqual(['payout/USD', 'payout/EUR'])
  })

  it('GET /transactions pages with limit (1 to 100, default 20) and opaque cursors bound to the filters', async () => {
    for (let i = 0; i < 23; i++)
      await ctx.api.post('/api/v2/team/sandbox-deposit', {currency: 'EUR', amount: `${i + 1}.00`})
    const first = await ctx.api.get('/api/v2/transactions')
    expect(first.body.data).toHaveLength(20)
    expect(first.body.hasMore).toBe(true)
    const second = await ctx.api.get('/api/v2/transactions', {query: {cursor: first.body.nextCursor}})
    expect(second.body.data).toHaveLength(3 + seeded.size)
    expect(second.body.hasMore).toBe(false)
    const amounts = added([...first.body.data, ...second.body.data]).map((t: Body) => t.amount)
    expect(new Set(amounts).size).toBe(23)
    for (const [query, path] of [
      [{limit: 0}, 'limit'],
      [{limit: 101}, 'limit'],
      [{type: 'refund'}, 'type.0'],
      [{status: 'done'}, 'status.0'],
      [{currency: 'euro'}, 'currency.0'],
      [{createdFrom: 'yesterday'}, 'createdFrom'],
      [{createdBefore: '2026-13-01T00:00:00Z'}, 'createdBefore'],
      [{cursor: `${first.body.nextCursor}x`}, 'cursor'],
      [{cursor: first.body.nextCursor, type: 'deposit'}, 'cursor'],
    ] as const)
      expectError(await ctx.api.get('/api/v2/transactions', {query}), 400, 'VALIDATION_ERROR', path)
  })

  it('GET /transactions needs transactions:read and shows only the caller team', async () => {
    await ctx.api.post('/api/v2/team/sandbox-deposit', {currency: 'EUR', amount: '1.00'})
    const others = (await ctx.api.get('/api/v2/transactions', {key: OTHER})).body.data
    expect(others.map((t: Body) => [t.type, t.amount, t.currency])).toEqual([['deposit', '1000.00', 'EUR']])
    const team = await ctx.api.newTeam({scopes: ['payouts:read']})
    const refused = await ctx.api.get('/api/v2/transactions', {key: team.key})
    expectError(refused, 403, 'INSUFFICIENT_SCOPE')
    expect(refused.body.error.data.requiredScope).toBe('transactions:read')
  })
})

describe('spec 4.5b and 2.5: sandbox deposit, team and accounts', () => {
  const ctx = useEmulator()

  it('POST /team/sandbox-deposit adds amount to the account as a bank deposit would and answers the account', async () => {
    const res = await ctx.api.post('/api/v2/team/sandbox-deposit', {currency: 'EUR', amount: '250.5'})
    expect(res.status, res.text).toBe(200)
    expect(res.body).toMatchObject({
      object: 'account',
      currency: 'EUR',
      balance: {total: '10250.50', reserved: '0.00', available: '10250.50'},
    })
    const gbp = await ctx.api.post('/api/v2/team/sandbox-deposit', {currency: 'GBP', amount: '5'})
    expect(gbp.body.balance.total).toBe('5.00')
  })

  it('POST /team/sandbox-deposit needs no scope but a wallet: without one it is VERIFICATION_REQUIRED', async () => {
    const scopeless = await ctx.api.newTeam({scopes: []})
    const ok = await ctx.api.post(
      '/api/v2/team/sandbox-deposit',
      {currency: 'USD', amount: '1.00'},
      {key: scopeless.key},
    )
    expect(ok.status, ok.text).toBe(200)
    const walletless = await ctx.api.newTeam({wallet: false, scopes: ['team:read']})
    const res = await ctx.api.post(
      '/api/v2/team/sandbox-deposit',
      {currency: 'USD', amount: '1.00'},
      {key: walletless.key},
    )
    expectError(res, 409, 'VERIFICATION_REQUIRED')
    const accounts = await ctx.api.get('/api/v2/accounts', {key: walletless.key})
    expect(accounts.body.data.every((a: Body) => a.balance.total === '0.00')).toBe(true)
  })

  it('POST /team/sandbox-deposit outside the sandbox is SANDBOX_ONLY', async () => {
    const production = await startEmulator({port: 0, dataFile: ':memory:', environment: 'production'})
    try {
      const api = new Api(production.url)
      const res = await api.post('/api/v2/team/sandbox-deposit', {currency: 'EUR', amount: '1.00'})
      expectError(res, 403, 'SANDBOX_ONLY')
      expect((await api.account('EUR')).balance.total).toBe('10000.00')
    } finally {
      await production.close()
    }
  })

  it('POST /team/sandbox-deposit validates currency and amount', async () => {
    for (const [body, path] of [
      [{currency: 'EUR'}, 'amount'],
      [{amount: '1.00'}, 'currency'],
      [{currency: 'EUR', amount: 5}, 'amount'],
      [{currency: 'EUR', amount: '-5'}, 'amount'],
      [{currency: 'EUR', amount: '0'}, 'amount'],
      [{currency: 'EUR', amount: '1.001'}, 'amount'],
      [{currency: 'JPY', amount: '1.00'}, 'currency'],
      [{currency: 'eur', amount: '1.00'}, 'currency'],
    ] as const)
      expectError(await ctx.api.post('/api/v2/team/sandbox-deposit', body), 400, 'VALIDATION_ERROR', path)
    expect((await ctx.api.account('EUR')).balance.total).toBe('10000.00')
    const deposits = (await ctx.api.get('/api/v2/transactions')).body.data
    expect(deposits.map((t: Body) => t.amount)).toEqual(['10000.00', '10000.00'])
  })

  it('GET /team answers the team with a team_ id; GET /accounts lists the accounts with deposit instructions', async () => {
    const team = await ctx.api.get('/api/v2/team')
    expect(team.body).toMatchObject({object: 'team', id: `team_${ctx.emu.seed.teamId}`, name: expect.any(String)})
    const accounts = await ctx.api.get('/api/v2/accounts')
    expect(accounts.body.object).toBe('list')
    expect(accounts.body.data.map((a: Body) => a.currency)).toEqual(['EUR', 'USD'])
    expect(accounts.body.data[0]).toMatchObject({
      object: 'account',
      allowance: null,
      depositInstructions: [{type: 'bank_iban', ownership: 'dedicated', iban: expect.stringMatching(/^DE\d{20}$/)}],
    })
    const other = await ctx.api.get('/api/v2/team', {key: OTHER})
    expect(other.body.id).toBe(`team_${ctx.emu.seed.otherTeam.teamId}`)
  })
})
