import {describe, expect, it} from 'vitest'
import {SEEDED} from '../../src/emulator/domain/seed.js'
import {useEmulator} from '../helpers/emulator.js'
import {expectError} from './helpers.js'

/**
 * The daily spending allowance caps automated approvals and payments (docs/emulator.md). The owner sets it on
 * the hosted allowance page; these tests set it in the emulator's store directly, as that page does.
 */
describe('daily allowance', () => {
  const ctx = useEmulator()
  const team = SEEDED.mainTeamId
  const setLimit = async (limit: string) => {
    const now = (await ctx.api.get('/_emulator/clock', {key: null})).body.now as string
    const midnight = new Date(Date.parse(now))
    midnight.setUTCHours(24, 0, 0, 0)
    ctx.emu.app.store.teams.setAllowance(team, 'EUR', limit, midnight.toISOString())
  }
  const eurAllowance = async () =>
    (await ctx.api.get('/api/v2/accounts')).body.data.find((a: {currency: string}) => a.currency === 'EUR').allowance

  it('an approval beyond what is left today is refused with ALLOWANCE_EXCEEDED at its index; nothing is reserved', async () => {
    await setLimit('100.00')
    const a = await ctx.api.v2Create({amount: '60.00'})
    const b = await ctx.api.v2Create({amount: '50.00'})
    const refused = await ctx.api.post('/api/v2/payouts/approve', {ids: [a.id, b.id]})
    expectError(refused, 422, 'ALLOWANCE_EXCEEDED')
    expect(refused.body.error.index).toBe(1)
    expect(refused.body.error.data).toMatchObject({currency: 'EUR', limit: '100.00', used: '60.00', requested: '50.00'})
    expect((await ctx.api.get(`/api/v2/payouts/${a.id}`)).body.status).toBe('created')
    expect(await eurAllowance()).toMatchObject({limit: '100.00', used: '0.00'})

    expect((await ctx.api.post(`/api/v2/payouts/${a.id}/approve`)).status).toBe(200)
    expect(await eurAllowance()).toMatchObject({used: '60.00'})
    expectError(await ctx.api.post(`/api/v2/payouts/${b.id}/approve`), 422, 'ALLOWANCE_EXCEEDED')
  })

  it('v1 preApproved creation counts too; another currency is not capped', async () => {
    await setLimit('10.00')
    const res = await ctx.api.post('/api/v1/payout', {
      description: 'x',
      payoutAmount: '11.00',
      currency: 'EUR',
      email: 'a@example.com',
      preApproved: true,
    })
    expectError(res, 422, 'ALLOWANCE_EXCEEDED')
    const usd = await ctx.api.v2Create({amount: '500.00', currency: 'USD'})
    expect((await ctx.api.post(`/api/v2/payouts/${usd.id}/approve`)).status).toBe(200)
  })

  it('used returns to 0 at midnight UTC of the emulator clock; released reservations do not give allowance back', async () => {
    await setLimit('100.00')
    const a = await ctx.api.v2Create({amount: '80.00'})
    expect((await ctx.api.post(`/api/v2/payouts/${a.id}/approve`)).status).toBe(200)
    expect((await ctx.api.delete(`/api/v2/payouts/${a.id}`)).status).toBe(200)
    expect(await eurAllowance()).toMatchObject({used: '80.00'})
    const b = await ctx.api.v2Create({amount: '30.00'})
    expectError(await ctx.api.post(`/api/v2/payouts/${b.id}/approve`), 422, 'ALLOWANCE_EXCEEDED')
    await ctx.api.post('/_emulator/clock', {advanceSeconds: 86_400}, {key: null})
    const allowance = await eurAllowance()
    expect(allowance.used).toBe('0.00')
    expect(Date.parse(allowance.resetsAt)).toBeGreaterThan(Date.now() + 86_400_000 - 60_000)
    expect((await ctx.api.post(`/api/v2/payouts/${b.id}/approve`)).status).toBe(200)
  })
})
