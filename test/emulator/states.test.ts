import {describe, expect, it} from 'vitest'
import {useEmulator} from '../helpers/emulator.js'
import {type Body, DEFAULT, expectError, v2Item} from './helpers.js'

/** Spec section 3: states and transitions, one test per row. */
describe('spec 3: payout states and transitions', () => {
  const ctx = useEmulator()

  it('v1 POST /payout without preApproved and a new customId creates a created payout and answers action=created', async () => {
    const payout = await ctx.api.v1Create({customId: 'inv-1'})
    expect(payout.status).toBe('created')
    expect(payout.action).toBe('created')
    expect(payout.uuid).toBe(payout.id)
    expect(payout.amount).toBe('10.00')
    const read = await ctx.api.get(`/api/v1/payout/${payout.id}`)
    expect(read.body.status).toBe('created')
    expect(read.body.action).toBeUndefined()
  })

  it('v1 POST /payout with an existing customId updates it and answers action=updated', async () => {
    const first = await ctx.api.v1Create({customId: 'inv-2', description: 'Old'})
    const second = await ctx.api.v1Create({customId: 'inv-2', description: 'New', payoutAmount: '12.5'})
    expect(second.action).toBe('updated')
    expect(second.id).toBe(first.id)
    expect(second.description).toBe('New')
    expect(second.amount).toBe('12.50')
    expect(await ctx.api.v1Count()).toBe(1)
  })

  it('v1 POST /payout changing source-of-truth fields of a manual-immutable payout fails with 409 and changes nothing', async () => {
    const first = await ctx.api.v1Create({customId: 'imm', payoutType: 'manual-immutable'})
    for (const change of [{payoutAmount: '11.00'}, {currency: 'USD'}, {creatorHandle: '@someone'}]) {
      const res = await ctx.api.post('/api/v1/payout', {
        description: 'Royalties',
        payoutAmount: '10.00',
        currency: 'EUR',
        customId: 'imm',
        email: 'ada@example.com',
        payoutType: 'manual-immutable',
        ...change,
      })
      expectError(res, 409, 'INVALID_STATE')
    }
    const read = await ctx.api.get(`/api/v1/payout/${first.id}`)
    expect(read.body.amount).toBe('10.00')
    expect(read.body.currency).toBe('EUR')
    expect(read.body.creatorHandle).toBe('ada@example.com')
    // Fields outside the source of truth may still change.
    const described = await ctx.api.v1Create({customId: 'imm', payoutType: 'manual-immutable', description: 'Edited'})
    expect(described.action).toBe('updated')
    expect(described.description).toBe('Edited')
  })

  it('v1 POST /payout with preApproved: true needs the scope payouts:approve', async () => {
    const res = await ctx.api.post(
      '/api/v1/payout',
      {description: 'x', payoutAmount: '1.00', currency: 'EUR', preApproved: true},
      {key: DEFAULT},
    )
    expectError(res, 403, 'INSUFFICIENT_SCOPE')
    expect(res.body.error.data.requiredScope).toBe('payouts:approve')
    expect(res.body.error.message).toContain('payouts:approve')
    expect(await ctx.api.v1Count()).toBe(0)
  })

  it('v1 POST /payout with preApproved: true creates an approved payout and reserves its amount', async () => {
    const payout = await ctx.api.v1Create({preApproved: true, payoutAmount: '250.00'})
    expect(payout.status).toBe('approved')
    expect(payout.action).toBe('created')
    const account = await ctx.api.account('EUR')
    expect(account.balance).toEqual({total: '10000.00', reserved: '250.00', available: '9750.00'})
  })

  it('v1 POST /payout with preApproved: true beyond the wallet balance is 422 INSUFFICIENT_BALANCE with walletBalance, totalOpenAmount and currency', async () => {
    await ctx.api.v1Create({preApproved: true, payoutAmount: '9000.00'})
    const res = await ctx.api.post('/api/v1/payout', {
      description: 'too much',
      payoutAmount: '1000.01',
      currency: 'EUR',
      customId: 'big',
      preApproved: true,
    })
    expectError(res, 422, 'INSUFFICIENT_BALANCE')
    expect(res.body.error.data).toEqual({walletBalance: '10000.00', totalOpenAmount: '10000.01', currency: 'EUR'})
    expect(await ctx.api.v1Count()).toBe(1)
  })

  it('approve moves a created payout to approved and reserves the amount against the team balance', async () => {
    const payout = await ctx.api.v2Create({amount: '100.00'})
    const res = await ctx.api.post(`/api/v2/payouts/${payout.id}/approve`)
    expect(res.status, res.text).toBe(200)
    expect(res.body.status).toBe('approved')
    expect(res.body.approvedAt).toBeTypeOf('string')
    expect((await ctx.api.account('EUR')).balance.reserved).toBe('100.00')
  })

  it('approve needs the scope payouts:approve', async () => {
    const payout = await ctx.api.v2Create()
    const res = await ctx.api.post(`/api/v2/payouts/${payout.id}/approve`, undefined, {key: DEFAULT})
    expectError(res, 403, 'INSUFFICIENT_SCOPE')
    expect(res.body.error.data.requiredScope).toBe('payouts:approve')
    expect((await ctx.api.get(`/api/v2/payouts/${payout.id}`)).body.status).toBe('created')
  })

  it('an approved payout goes requested then completed when the recipient claims, and the amount leaves the balance', async () => {
    const payout = await ctx.api.v2Create({amount: '40.00'})
    await ctx.api.post(`/api/v2/payouts/${payout.id}/approve`)
    const claimed = await ctx.api.claim(payout.id, 'bank-iban', {
      accountHolderName: 'Ada Lovelace',
      iban: 'DE89370400440532013000',
    })
    expect(claimed.status, claimed.text).toBe(200)
    expect(claimed.body.status).toBe('completed')
    expect(claimed.body.requestedAt).toBeTypeOf('string')
    expect(claimed.body.completedAt).toBeTypeOf('string')
    expect(claimed.body.paymentMethod).toEqual({type: 'bank_iban', currency: 'EUR'})
    const v1 = await ctx.api.get(`/api/v1/payout/${payout.id.slice('payout_'.length)}`)
    expect(v1.body.status).toBe('completed')
    expect((await ctx.api.account('EUR')).balance).toEqual({total: '9960.00', reserved: '0.00', available: '9960.00'})
  })

  it('a recipient who claims before approval is paid as soon as the payout is approved', async () => {
    const payout = await ctx.api.v2Create()
    const claimed = await ctx.api.claim(payout.id, 'paypal', {email: 'ada@example.com'})
    expect(claimed.body.status).toBe('created')
    const approved = await ctx.api.post(`/api/v2/payouts/${payout.id}/approve`)
    expect(approved.body.status).toBe('completed')
  })

  it('v2 pay moves an approved counterparty payout to requested and settles it as completed', async () => {
    const counterparty = await ctx.api.counterparty()
    const payout = await ctx.api.v2Create({recipient: undefined, counterpartyId: counterparty.id, amount: '30.00'})
    expect(payout.counterpartyId).toBe(counterparty.id)
    await ctx.api.post(`/api/v2/payouts/${payout.id}/approve`)
    const paid = await ctx.api.post(`/api/v2/payouts/${payout.id}/pay`)
    expect(paid.status, paid.text).toBe(200)
    expect(paid.body.status).toBe('completed')
    expect(paid.body.paymentMethod.type).toBe('bank_iban')
    expect((await ctx.api.account('EUR')).balance.total).toBe('9970.00')
  })

  it('settlement failure: v2 shows failed with failureCode and failureReason, v1 stays requested, the reservation is released', async () => {
    const counterparty = await ctx.api.counterparty({
      identity: {type: 'individual', firstName: 'SANDBOX', lastName: 'FAIL'},
    })
    const payout = await ctx.api.v2Create({recipient: undefined, counterpartyId: counterparty.id, amount: '30.00'})
    await ctx.api.post(`/api/v2/payouts/${payout.id}/approve`)
    const paid = await ctx.api.post(`/api/v2/payouts/${payout.id}/pay`)
    expect(paid.body.status).toBe('failed')
    expect(paid.body.failureCode).toBe('account_closed')
    expect(paid.body.failureReason).toBeTypeOf('string')
    expect(paid.body.completedAt).toBeUndefined()
    const v1 = await ctx.api.get(`/api/v1/payout/${payout.id.slice(7)}`)
    expect(v1.body.status).toBe('requested')
    expect((await ctx.api.account('EUR')).balance).toEqual({total: '10000.00', reserved: '0.00', available: '10000.00'})
  })

  it('failed to requested via v2 pay needs payouts:approve too and goes to the counterparty current payment method', async () => {
    const counterparty = await ctx.api.counterparty({
      paymentMethod: {
        type: 'bank_iban',
        iban: 'DE89370400440532013000',
        currency: 'EUR',
        accountHolderName: 'SANDBOX FAIL',
      },
    })
    const payout = await ctx.api.v2Create({recipient: undefined, counterpartyId: counterparty.id})
    await ctx.api.post(`/api/v2/payouts/${payout.id}/approve`)
    expect((await ctx.api.post(`/api/v2/payouts/${payout.id}/pay`)).body.status).toBe('failed')

    const refused = await ctx.api.post(`/api/v2/payouts/${payout.id}/pay`, undefined, {key: DEFAULT})
    expectError(refused, 403, 'INSUFFICIENT_SCOPE')
    expect(refused.body.error.data.requiredScope).toBe('payouts:approve')

    const fixed = await ctx.api.patch(`/api/v2/counterparties/${counterparty.id}`, {
      paymentMethod: {
        type: 'bank_iban',
        iban: 'GB82WEST12345698765432',
        currency: 'EUR',
        accountHolderName: 'Grace Hopper',
      },
    })
    expect(fixed.status, fixed.text).toBe(200)
    const repaid = await ctx.api.post(`/api/v2/payouts/${payout.id}/pay`)
    expect(repaid.body.status).toBe('completed')
    const txs = await ctx.api.get('/api/v2/transactions', {query: {payoutId: payout.id}})
    expect(txs.body.data.map((t: Body) => t.status)).toEqual(['completed', 'failed'])
    expect(txs.body.data[0].account.iban).toBe('GB82WEST12345698765432')
  })

  it('v1 delete of a created, approved or expired payout marks it deleted; deleting an approved one releases its reservation', async () => {
    const created = await ctx.api.v1Create()
    const approved = await ctx.api.v1Create({preApproved: true, payoutAmount: '70.00'})
    for (const payout of [created, approved]) {
      const res = await ctx.api.delete(`/api/v1/payout/${payout.id}`)
      expect(res.status, res.text).toBe(200)
      expect(res.body.status).toBe('deleted')
    }
    expect((await ctx.api.account('EUR')).balance.reserved).toBe('0.00')
    const expiring = await ctx.api.v1Create()
    await ctx.api.advance(31 * 86_400)
    expect((await ctx.api.get(`/api/v1/payout/${expiring.id}`)).body.status).toBe('expired')
    expect((await ctx.api.delete(`/api/v1/payout/${expiring.id}`)).body.status).toBe('deleted')
  })

  it('deleting an already deleted v1 payout succeeds and returns it unchanged', async () => {
    const payout = await ctx.api.v1Create()
    const first = await ctx.api.delete(`/api/v1/payout/${payout.id}`)
    const again = await ctx.api.delete(`/api/v1/payout/${payout.id}`)
    expect(again.status).toBe(200)
    expect(again.body).toEqual(first.body)
  })

  it('v1 delete of a requested or completed payout is 409 and leaves it unchanged', async () => {
    const completed = await ctx.api.v1Create({preApproved: true})
    await ctx.api.claim(completed.id, 'paypal', {email: 'ada@example.com'})
    const failed = await ctx.api.v1Create({preApproved: true})
    await ctx.api.claim(failed.id, 'paypal', {email: 'sandbox-fail@example.com'})
    for (const [payout, status] of [
      [completed, 'completed'],
      [failed, 'requested'],
    ]) {
      const res = await ctx.api.delete(`/api/v1/payout/${payout.id}`)
      expectError(res, 409, 'INVALID_STATE')
      expect((await ctx.api.get(`/api/v1/payout/${payout.id}`)).body.status).toBe(status)
    }
  })

  it('v2 delete of a failed payout works; a deleted payout is 404 PAYOUT_NOT_FOUND everywhere, gone from lists, its customId stays taken', async () => {
    const payout = await ctx.api.v2Create({customId: 'gone'})
    await ctx.api.post(`/api/v2/payouts/${payout.id}/approve`)
    await ctx.api.claim(payout.id, 'crypto', {address: '0x000000000000000000000000000000000000dEaD'})
    expect((await ctx.api.get(`/api/v2/payouts/${payout.id}`)).body.status).toBe('failed')
    const deleted = await ctx.api.delete(`/api/v2/payouts/${payout.id}`)
    expect(deleted.body).toEqual({object: 'payout', id: payout.id, deleted: true})
    for (const res of [
      await ctx.api.get(`/api/v2/payouts/${payout.id}`),
      await ctx.api.get('/api/v2/payouts/gone'),
      await ctx.api.patch(`/api/v2/payouts/${payout.id}`, {description: 'x'}),
      await ctx.api.delete(`/api/v2/payouts/${payout.id}`),
      await ctx.api.post(`/api/v2/payouts/${payout.id}/approve`),
      await ctx.api.post(`/api/v2/payouts/${payout.id}/pay`),
      await ctx.api.post(`/api/v2/payouts/${payout.id}/send-claim-link`),
    ])
      expectError(res, 404, 'PAYOUT_NOT_FOUND')
    const list = await ctx.api.get('/api/v2/payouts')
    expect(list.body.data).toEqual([])
    expectError(await ctx.api.post('/api/v2/payouts', v2Item({customId: 'gone'})), 409, 'INVALID_STATE')
    // v1 still shows it as deleted.
    expect((await ctx.api.get(`/api/v1/payout/${payout.id.slice(7)}`)).body.status).toBe('deleted')
  })

  it('v2 delete of a requested or completed payout is 409', async () => {
    const payout = await ctx.api.v2Create()
    await ctx.api.post(`/api/v2/payouts/${payout.id}/approve`)
    await ctx.api.claim(payout.id, 'venmo', {phone: '+15555550123'})
    expectError(await ctx.api.delete(`/api/v2/payouts/${payout.id}`), 409, 'INVALID_STATE')
  })

  it('v2 PATCH works only while created: omitted fields unchanged, recipient replaced as a whole', async () => {
    const payout = await ctx.api.v2Create({tags: ['a'], description: 'Before'})
    const res = await ctx.api.patch(`/api/v2/payouts/${payout.id}`, {
      recipient: {type: 'phone', phone: '+4915112345678'},
    })
    expect(res.status, res.text).toBe(200)
    expect(res.body.recipient).toEqual({type: 'phone', phone: '+4915112345678'})
    expect(res.body.description).toBe('Before')
    expect(res.body.tags).toEqual(['a'])
    expect(res.body.amount).toBe('10.00')
    await ctx.api.post(`/api/v2/payouts/${payout.id}/approve`)
    expectError(await ctx.api.patch(`/api/v2/payouts/${payout.id}`, {description: 'After'}), 409, 'INVALID_STATE')
    expect((await ctx.api.get(`/api/v2/payouts/${payout.id}`)).body.description).toBe('Before')
  })

  it('created and approved payouts expire when the emulator clock passes expiresAt, releasing reservations', async () => {
    const created = await ctx.api.v2Create()
    const approved = await ctx.api.v2Create({amount: '5.00'})
    await ctx.api.post(`/api/v2/payouts/${approved.id}/approve`)
    expect(Date.parse(created.expiresAt)).toBeGreaterThan(Date.parse(created.createdAt))
    const clock = await ctx.api.advance(31 * 86_400)
    expect(clock.expired).toBe(2)
    for (const payout of [created, approved])
      expect((await ctx.api.get(`/api/v2/payouts/${payout.id}`)).body.status).toBe('expired')
    expect((await ctx.api.account('EUR')).balance.reserved).toBe('0.00')
  })

  it('team without a wallet: approve and pay fail with VERIFICATION_REQUIRED', async () => {
    const team = await ctx.api.newTeam({wallet: false, scopes: ['payouts:read', 'payouts:write', 'payouts:approve']})
    const payout = await ctx.api.v2Create({}, team.key)
    expectError(
      await ctx.api.post(`/api/v2/payouts/${payout.id}/approve`, undefined, {key: team.key}),
      409,
      'VERIFICATION_REQUIRED',
    )
    expect((await ctx.api.get(`/api/v2/payouts/${payout.id}`, {key: team.key})).body.status).toBe('created')
  })
})
