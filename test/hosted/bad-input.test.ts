import {expect, it} from 'vitest'
import {OTHER} from '../emulator/helpers.js'
import {useEmulator} from '../helpers/emulator.js'
import {describeInBrowser, expectOnlyOrigins, signInInBrowser, useBrowser} from './browser.js'
import {approvedPayout, MEMBER, mint, OWNER, useRedirectTarget, v1Status} from './helpers.js'

/** Bad input on every form, in a real browser: an error on the page, nothing changed in the API. */
describeInBrowser('hosted pages in Chromium: bad input', () => {
  const ctx = useEmulator()
  const browser = useBrowser()
  const target = useRedirectTarget()

  const heading = () => browser.page.locator('h1').textContent()
  const alert = () => browser.page.locator('#errors').textContent()

  it('sign-in: an empty address and a wrong code show errors; the field is marked invalid', async () => {
    const {page} = browser
    await page.goto(await mint(ctx.api, 'kyb', {redirectUrl: target.url()}))
    await page.getByLabel('E-mail address').fill('')
    await page.getByRole('button', {name: 'Send code'}).click()
    expect(await alert()).toContain('Enter your e-mail address')
    expect(await page.getByLabel('E-mail address').getAttribute('aria-invalid')).toBe('true')
    await page.getByLabel('E-mail address').fill(OWNER)
    await page.getByRole('button', {name: 'Send code'}).click()
    const code = (await page.locator('#sign-in-code').textContent())!.trim()
    await page.getByLabel('Sign-in code').fill(code === '123456' ? '654321' : '123456')
    await page.getByRole('button', {name: 'Sign in'}).click()
    expect(await alert()).toContain('That code is not correct: 4 tries left')
    await browser.screenshot('sign-in-wrong-code')
    // The field's error is announced with it.
    expect(await page.getByLabel('Sign-in code').getAttribute('aria-describedby')).toContain('field-code-error')
    // The field in error has the focus; the alert's link leads to it as well.
    expect(await page.locator('#field-code:focus').count()).toBe(1)
    await page.getByRole('link', {name: /That code is not correct/}).click()
    expect(await page.locator('#field-code:focus').count()).toBe(1)
    await page.getByLabel('Sign-in code').fill(code)
    await page.getByRole('button', {name: 'Sign in'}).click()
    expect(await heading()).toBe('Verify your business')
  })

  it('claim: empty fields, an invalid IBAN and no method chosen show errors; the payout stays approved', async () => {
    const {page} = browser
    const payout = await approvedPayout(ctx.api)
    await page.goto(await mint(ctx.api, 'payout', {payoutId: payout.id, redirectUrl: target.url()}))
    await signInInBrowser(page)
    await page.getByRole('button', {name: 'Continue'}).click()
    expect(await alert()).toContain('Choose how you want to be paid')
    await page.getByLabel('Bank transfer (SEPA, IBAN)').check()
    await page.getByRole('button', {name: 'Continue'}).click()
    await page.getByRole('button', {name: 'Claim EUR 12.50'}).click()
    expect(await alert()).toContain('Enter the account holder name')
    expect(await alert()).toContain('Enter the IBAN')
    await page.getByLabel('Account holder name').fill('Ada Lovelace')
    await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 01')
    await page.getByRole('button', {name: 'Claim EUR 12.50'}).click()
    expect(await alert()).toContain('This IBAN is not valid')
    expect(await page.getByLabel('Account holder name').inputValue()).toBe('Ada Lovelace')
    await browser.screenshot('claim-invalid-iban')
    expect(await v1Status(ctx.api, payout.id)).toBe('approved')
    expectOnlyOrigins(browser.requests, [ctx.emu.url, target.origin])
  })

  it('claim: a link that expired while the form was open changes nothing', async () => {
    const {page} = browser
    const payout = await approvedPayout(ctx.api)
    await page.goto(await mint(ctx.api, 'payout', {payoutId: payout.id, redirectUrl: target.url('/expired')}))
    await signInInBrowser(page)
    await page.getByLabel('Crypto wallet (USDC or EURC)').check()
    await page.getByRole('button', {name: 'Continue'}).click()
    await page.getByLabel('Wallet address').fill('0x52908400098527886E0F7030069857D2E4169EE7')
    await ctx.api.advance(3601)
    await page.getByRole('button', {name: 'Claim EUR 12.50'}).click()
    expect(await heading()).toBe('This link has expired')
    expect(await v1Status(ctx.api, payout.id)).toBe('approved')
    await page.getByRole('link', {name: 'Go back'}).click()
    await page.waitForURL(target.url('/expired'))
  })

  it('claim: someone signed in with another address sees an error and cannot claim', async () => {
    const {page} = browser
    const payout = await approvedPayout(ctx.api)
    await page.goto(await mint(ctx.api, 'payout', {payoutId: payout.id, redirectUrl: target.url()}))
    await page.getByLabel('E-mail address').fill('mallory@example.com')
    await page.getByRole('button', {name: 'Send code'}).click()
    expect(await alert()).toContain('This payout was sent to another e-mail address')
    expect(await page.locator('#sign-in-code').count()).toBe(0)
    expect(await v1Status(ctx.api, payout.id)).toBe('approved')
  })

  it('approval: a member of another team gets the request-access prompt; the payouts stay created', async () => {
    const {page} = browser
    const ours = await ctx.api.v1Create()
    await page.goto(await mint(ctx.api, 'approval', {payoutIds: [ours.id], redirectUrl: target.url()}))
    await signInInBrowser(page, 'owner@other.example.com')
    expect(await heading()).toBe('Request access')
    expect(await page.getByRole('button', {name: /Approve/}).count()).toBe(0)
    await browser.screenshot('approval-request-access')
    await page.getByRole('button', {name: 'Request access'}).click()
    expect(await heading()).toBe('Access requested')
    expect(await v1Status(ctx.api, ours.id)).toBe('created')

    // The other team's payout, on the other team's approval link, is out of reach for our owner (a member of
    // our team only; ops@example.com belongs to both teams since the OAuth seed).
    const theirs = await ctx.api.v1Create({}, OTHER)
    await page.goto(await mint(ctx.api, 'approval', {payoutIds: [theirs.id], redirectUrl: target.url()}, OTHER))
    await page.getByRole('button', {name: 'Sign out'}).click()
    await signInInBrowser(page, OWNER)
    expect(await heading()).toBe('Request access')
    expect((await ctx.api.get(`/api/v1/payout/${theirs.id}`, {key: OTHER})).body.status).toBe('created')
  })

  it('approval: a balance too low shows an error and approves nothing', async () => {
    const {page} = browser
    const big = await ctx.api.v1Create({payoutAmount: '9999.95'})
    const small = await ctx.api.v1Create({payoutAmount: '0.10'})
    await page.goto(await mint(ctx.api, 'approval', {payoutIds: [big.id, small.id], redirectUrl: target.url()}))
    await signInInBrowser(page)
    await page.getByRole('button', {name: 'Approve 2 payouts'}).click()
    expect(await alert()).toContain('The EUR balance is too low')
    for (const id of [big.id, small.id]) expect(await v1Status(ctx.api, id)).toBe('created')
  })

  it('allowance: a member who is not the owner cannot set it; an invalid amount shows an error', async () => {
    const {page} = browser
    const url = await mint(ctx.api, 'allowance', {redirectUrl: target.url(), loginHint: MEMBER})
    await page.goto(url)
    await signInInBrowser(page)
    expect(await heading()).toBe('Only the team owner can do this')
    expect(await page.getByLabel('Daily limit').count()).toBe(0)
    await page.getByRole('button', {name: 'Sign out'}).click()
    await signInInBrowser(page, OWNER)
    for (const [value, message] of [
      ['', 'Enter a daily limit'],
      ['1,000', 'thousands separator'],
      ['abc', 'is not a decimal number'],
    ]) {
      await page.getByLabel('Daily limit').fill(value)
      await page.getByRole('button', {name: 'Save allowance'}).click()
      expect(await alert()).toContain(message)
    }
    const team = (await ctx.api.get('/api/v1/team')).body
    expect(team.balances.every((b: {allowance: unknown}) => b.allowance === null)).toBe(true)
  })
})
