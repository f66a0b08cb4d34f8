import {describe, expect, it} from 'vitest'
import {useEmulator} from '../helpers/emulator.js'
import {mint, textOf, Visitor} from './helpers.js'

/**
 * A counterparty payout is paid directly to the counterparty's saved payment method: nobody claims it (issue 54,
 * item 1; docs/decisions.md). And a claim is its recipient's: a payout given another recipient loses it.
 */

const REDIRECT = 'http://127.0.0.1:9/back'

describe('direct-pay payouts and claims', () => {
  const ctx = useEmulator()

  it('refuses the claim of a counterparty payout on the control route and its claim session, and changes nothing', async () => {
    const counterparty = await ctx.api.counterparty({email: undefined})
    const payout = await ctx.api.v2Create({recipient: undefined, counterpartyId: counterparty.id})
    const claimed = await ctx.api.claim(payout.id, 'paypal', {email: 'attacker@evil.example'})
    expect(claimed.status, claimed.text).toBe(409)
    expect(claimed.body.error.code).toBe('INVALID_STATE')
    const session = await ctx.api.post('/api/v1/session/payout', {payoutId: payout.id.slice(7), redirectUrl: REDIRECT})
    expect(session.status, session.text).toBe(409)
    expect(session.body.error.code).toBe('INVALID_STATE')
    const after = (await ctx.api.get(`/api/v2/payouts/${payout.id}`)).body
    expect(after.paymentMethod).toBeUndefined()
    expect(after.updatedAt).toBe(payout.updatedAt)
  })

  it('a claim URL minted before the payout went to a counterparty shows nothing to claim, and its form is refused', async () => {
    const payout = await ctx.api.v2Create({recipient: {type: 'email', email: 'ada@example.com'}})
    const url = await mint(ctx.api, 'payout', {payoutId: payout.id.slice(7), redirectUrl: REDIRECT})
    const visitor = new Visitor()
    await visitor.signIn(url, 'ada@example.com')
    const counterparty = await ctx.api.counterparty({email: undefined})
    const moved = await ctx.api.patch(`/api/v2/payouts/${payout.id}`, {counterpartyId: counterparty.id})
    expect(moved.status, moved.text).toBe(200)
    const page = await visitor.get(url)
    expect(page.status).toBe(409)
    expect(textOf(page.html)).toContain('Nothing to claim here')
    const posted = await visitor.post(`${url}/claim`, {method: 'paypal', email: 'attacker@evil.example'})
    expect(posted.status).toBe(409)
    expect((await ctx.api.get(`/api/v2/payouts/${payout.id}`)).body.paymentMethod).toBeUndefined()
  })

  it('a payout given another recipient drops the claim of the one before (v2 PATCH and v1 upsert)', async () => {
    const v2 = await ctx.api.v2Create({recipient: {type: 'email', email: 'first@example.com'}})
    expect((await ctx.api.claim(v2.id, 'paypal', {email: 'first-paypal@example.com'})).status).toBe(200)
    const same = await ctx.api.patch(`/api/v2/payouts/${v2.id}`, {description: 'Still the first recipient'})
    expect(same.body.paymentMethod).toMatchObject({type: 'paypal'})
    const moved = await ctx.api.patch(`/api/v2/payouts/${v2.id}`, {
      recipient: {type: 'email', email: 'second@example.com'},
    })
    expect(moved.body.paymentMethod).toBeUndefined()
    const approved = await ctx.api.post(`/api/v2/payouts/${v2.id}/approve`)
    expect(approved.body.status).toBe('approved')

    const v1 = await ctx.api.v1Create({customId: 'moved-v1', email: 'first@example.com'})
    expect((await ctx.api.claim(v1.id, 'paypal', {email: 'first-paypal@example.com'})).status).toBe(200)
    await ctx.api.v1Create({customId: 'moved-v1', email: 'second@example.com'})
    expect((await ctx.api.get(`/api/v2/payouts/payout_${v1.id}`)).body.paymentMethod).toBeUndefined()
  })
})

describe('a direct pay the payment method cannot make (issue 49: one rule with the approval page)', () => {
  const ctx = useEmulator()

  it('a EUR payout to a counterparty whose bank_uk method pays only GBP is refused (409) and stays approved', async () => {
    const counterparty = await ctx.api.counterparty({
      address: {line1: '1 High Street', city: 'London', postalCode: 'N1 9GU', country: 'GB'},
      paymentMethod: {type: 'bank_uk', currency: 'GBP', sortCode: '123456', accountNumber: '12345678'},
      taxIdentity: undefined,
    })
    const payout = await ctx.api.v2Create({recipient: undefined, counterpartyId: counterparty.id})
    expect((await ctx.api.post(`/api/v2/payouts/${payout.id}/approve`)).status).toBe(200)
    const paid = await ctx.api.post(`/api/v2/payouts/${payout.id}/pay`)
    expect(paid.status, paid.text).toBe(409)
    expect(paid.body.error.code).toBe('INVALID_STATE')
    expect((await ctx.api.get(`/api/v2/payouts/${payout.id}`)).body.status).toBe('approved')
  })
})
