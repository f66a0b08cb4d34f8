import {describe, expect, it} from 'vitest'
import {useEmulator} from '../helpers/emulator.js'
import {approvedPayout, mint, textOf, Visitor, v1Status} from './helpers.js'

/**
 * A payout to a phone number is claimed by whoever holds the phone: the claim page signs in with that number only,
 * and the code goes by text message (the emulator's text outbox), never onto the page.
 */

const PHONE = '+4915112345678'
const REDIRECT = 'http://127.0.0.1:9/done'

describe('claim page: a phone payout', () => {
  const ctx = useEmulator()
  const texts = async (to: string) =>
    (await ctx.api.get(`/_emulator/texts?to=${encodeURIComponent(to)}`, {key: null})).body.data as Array<{
      to: string
      code: string
      body: string
    }>

  it('signs in only with its number; the code is in the text outbox, not on the page; a signed-in address cannot claim', async () => {
    const payout = await approvedPayout(ctx.api, {phone: PHONE, email: undefined})
    const url = await mint(ctx.api, 'payout', {payoutId: payout.id, redirectUrl: REDIRECT})

    const attacker = new Visitor()
    const form = await attacker.get(url)
    expect(form.html).toContain('name="phone" type="tel"')
    expect(form.html).not.toContain('name="email"')
    // An e-mail address, or another number, gets no code.
    expect((await attacker.submit(`${url}/sign-in`, {email: 'attacker@example.com'})).status).toBe(400)
    const other = await attacker.submit(`${url}/sign-in`, {phone: '+4915199999999'})
    expect(other.status).toBe(403)
    expect(textOf(other.html)).toContain('sent to another phone number')
    expect(await texts('+4915199999999')).toEqual([])
    // The right number: the code goes to the phone, and the page does not show it.
    const codePage = await attacker.submit(`${url}/sign-in`, {phone: '+49 151 1234 5678'})
    expect(codePage.status).toBe(200)
    expect(codePage.html).not.toContain('id="sign-in-code"')
    const [sent] = await texts(PHONE)
    expect(sent.body).toContain(sent.code)
    expect(codePage.html).not.toContain(sent.code)
    const wrong = String((Number(sent.code) + 1) % 1_000_000).padStart(6, '0')
    const guessed = await attacker.submit(`${url}/verify`, {code: wrong})
    expect(textOf(guessed.html)).toContain('That code is not correct')
    expect(await attacker.post(`${url}/claim`, {method: 'paypal', email: 'attacker@example.com'})).toMatchObject({
      status: 401,
    })
    expect(await v1Status(ctx.api, payout.id)).toBe('approved')

    // Whoever holds the phone types the code it received, and claims.
    const holder = new Visitor()
    await holder.get(url)
    await holder.submit(`${url}/sign-in`, {phone: PHONE})
    const received = (await texts(PHONE)).at(-1)!
    const signedIn = await holder.submit(`${url}/verify`, {code: received.code})
    expect(textOf(signedIn.html)).toContain(`Signed in as ${PHONE}`)
    const paid = await holder.submit(`${url}/claim`, {method: 'paypal', email: 'holder@example.com'})
    expect(textOf(paid.html)).toContain('You have been paid')
    expect(await v1Status(ctx.api, payout.id)).toBe('completed')
  })
})
