import {request} from 'undici'
import {describe, expect, it} from 'vitest'
import {type Body, FULL} from '../emulator/helpers.js'
import {useEmulator} from '../helpers/emulator.js'

/** Variance mode of the emulator (docs/emulator.md "Variance mode"): what it changes, and that it is reproducible. */
describe('emulator variance mode', () => {
  const ctx = useEmulator()
  const setVariance = async (enabled: boolean, seed = '7') => {
    const res = await ctx.api.post('/_emulator/variance', {enabled, seed}, {key: null})
    expect(res.status, res.text).toBe(200)
    expect(res.body).toEqual({enabled, seed})
  }
  const raw = async (path: string) => {
    const response = await request(new URL(path, ctx.api.url), {headers: {authorization: `Bearer ${FULL}`}})
    return {status: response.statusCode, headers: response.headers, text: await response.body.text()}
  }

  it('adds unknown fields at every level, keeps codes and statuses with other wording, and is the same for the same seed', async () => {
    const payout = await ctx.api.v1Create({customId: 'var-1'})
    const plainTeam = (await ctx.api.get('/api/v1/team')).body
    const plainMissing = await ctx.api.get('/api/v2/payouts/payout_00000000-0000-4000-8000-000000000000')
    await setVariance(true)
    const team = (await ctx.api.get('/api/v1/team')).body
    const added = Object.keys(team).filter(key => !(key in plainTeam))
    expect(added.length).toBeGreaterThanOrEqual(1)
    for (const key of Object.keys(plainTeam)) expect(team).toHaveProperty(key)
    expect(team.id).toBe(plainTeam.id)
    const nested = [...team.balances, ...team.members, ...team.deposits]
    const nestedAdded = nested.filter((item: Body) =>
      Object.keys(item).some(key =>
        [
          'schemaRevision',
          'traceRef',
          'featureFlags',
          'metadataV3',
          'previewOnly',
          'deprecatedAlias',
          'riskScore',
        ].includes(key),
      ),
    )
    expect(nestedAdded.length).toBeGreaterThan(0)
    expect((await ctx.api.get('/api/v1/team')).body).toEqual(team)

    const missing = await ctx.api.get('/api/v2/payouts/payout_00000000-0000-4000-8000-000000000000')
    expect(missing.status).toBe(plainMissing.status)
    expect(missing.body.error.code).toBe(plainMissing.body.error.code)
    expect(missing.body.error.message).not.toBe(plainMissing.body.error.message)

    const v1 = (await ctx.api.get(`/api/v1/payout/${payout.id}`)).body
    expect(v1.status).toBe('created')
    expect(v1.customId).toBe('var-1')

    await setVariance(true, '8')
    expect((await ctx.api.get('/api/v1/team')).body).not.toEqual(team)
    await setVariance(false)
    expect((await ctx.api.get('/api/v1/team')).body).toEqual(plainTeam)
  })

  it('new values of open enums, never of a payout status', async () => {
    for (let n = 0; n < 6; n++) {
      const payout = await ctx.api.v1Create({customId: `enum-${n}`, preApproved: true})
      await ctx.api.claim(payout.id, 'bank-iban', {accountHolderName: 'Ada Lovelace', iban: 'DE89370400440532013000'})
    }
    await setVariance(true)
    const payouts = (await ctx.api.get('/api/v2/payouts', {query: {limit: 100}})).body.data
    expect(payouts.every((p: Body) => p.status === 'completed')).toBe(true)
    const methodTypes = new Set(payouts.map((p: Body) => p.paymentMethod.type))
    const sources = new Set(payouts.map((p: Body) => p.recipientInvoiceSource))
    expect([...methodTypes].some(type => type !== 'bank_iban')).toBe(true)
    expect([...sources].some(source => source !== 'self_billing')).toBe(true)
    const transactions = (await ctx.api.get('/api/v2/transactions', {query: {limit: 100}})).body.data
    expect(transactions.some((t: Body) => !['deposit', 'payout'].includes(t.type))).toBe(true)
  })

  it('cursors are long and hold + / =; sent encoded they page on, sent raw they are refused with 400', async () => {
    for (let n = 0; n < 3; n++) await ctx.api.v1Create({customId: `page-${n}`})
    await setVariance(true)
    const first = await ctx.api.get('/api/v2/payouts', {query: {limit: 1}})
    const cursor: string = first.body.nextCursor
    expect(cursor.length).toBeGreaterThan(300)
    expect(cursor).toMatch(/\+/)
    expect(cursor).toMatch(/\//)
    expect(cursor).toMatch(/=$/)
    const second = await ctx.api.get('/api/v2/payouts', {query: {limit: 1, cursor}})
    expect(second.status, second.text).toBe(200)
    expect(second.body.data[0].id).not.toBe(first.body.data[0].id)
    const unencoded = await ctx.api.get(`/api/v2/payouts?limit=1&cursor=${cursor}`)
    expect(unencoded.status).toBe(400)
    expect(unencoded.body.error.code).toBe('VALIDATION_ERROR')
  })

  it('Retry-After is an HTTP date; some answers close the connection, some come slowly in chunks without a length', async () => {
    await setVariance(true)
    const fault = await ctx.api.post(
      '/_emulator/faults',
      {method: 'GET', path: '/api/v1/team', action: 'status', status: 429},
      {key: null},
    )
    expect(fault.status, fault.text).toBe(200)
    const limited = await raw('/api/v1/team')
    expect(limited.status).toBe(429)
    const date = Date.parse(String(limited.headers['retry-after']))
    expect(Number.isNaN(date)).toBe(false)
    expect(date).toBeGreaterThan(Date.now() - 1000)
    expect(date).toBeLessThan(Date.now() + 5000)
    const seen = {close: 0, chunked: 0}
    for (let n = 0; n < 12; n++) {
      const res = await raw(`/api/v2/payouts?limit=${n + 1}`)
      expect(res.status).toBe(200)
      JSON.parse(res.text)
      if (res.headers.connection === 'close') seen.close++
      if (res.headers['transfer-encoding'] === 'chunked') seen.chunked++
    }
    expect(seen.close).toBeGreaterThan(0)
    expect(seen.chunked).toBeGreaterThan(0)
  })
})
