import {expect, it} from 'vitest'
import {createSessionToken} from '../../src/emulator/index.js'
import {useEmulator} from '../helpers/emulator.js'
import {describeInBrowser, expectOnlyOrigins, signInInBrowser, tabTo, useBrowser} from './browser.js'
import {approvedPayout, MEMBER, mint, OWNER, useRedirectTarget, v1Status, v2Status} from './helpers.js'

/** The four journeys in a real browser, by clicks and typing; the outcome checked through the API. */
describeInBrowser('hosted pages in Chromium: journeys', () => {
  const ctx = useEmulator()
  const browser = useBrowser()
  const target = useRedirectTarget()

  const heading = () => browser.page.locator('h1').textContent()
  const origins = () => [ctx.emu.url, target.origin]

  it('claim: the recipient signs in, picks SEPA, types an IBAN and is paid; Done returns to redirectUrl', async () => {
    const {page} = browser
    const payout = await approvedPayout(ctx.api, {description: 'Royalties Q3'})
    const url = await mint(ctx.api, 'payout', {payoutId: payout.id, redirectUrl: target.url('/claim-done')})
    await page.goto(url)
    await expect(page.getByLabel('E-mail address').inputValue()).resolves.toBe('ada@example.com')
    await signInInBrowser(page, undefined, () => browser.screenshot('sign-in'))
    expect(await heading()).toBe('Claim your payout')
    await page.getByLabel('Bank transfer (SEPA, IBAN)').check()
    await page.getByRole('button', {name: 'Continue'}).click()
    await page.getByLabel('Account holder name').fill('Ada Lovelace')
    await page.getByLabel('IBAN').fill('de89 3704 0044 0532 0130 00')
    await browser.screenshot('claim')
    await page.getByRole('button', {name: 'Claim EUR 12.50'}).click()
    expect(await heading()).toBe('You have been paid')
    expect(await page.getByRole('status').textContent()).toContain(
      'EUR 12.50 was sent to Bank transfer (SEPA, IBAN), ending 3000',
    )
    expect(await v1Status(ctx.api, payout.id)).toBe('completed')
    const v2 = (await ctx.api.get(`/api/v2/payouts/payout_${payout.id}`)).body
    expect(v2.paymentMethod).toEqual({type: 'bank_iban', currency: 'EUR'})
    await browser.screenshot('claim-paid')
    await page.getByRole('link', {name: 'Done'}).click()
    await page.waitForURL(target.url('/claim-done'))
    expect(await heading()).toBe('Back at the integrator')
    expectOnlyOrigins(browser.requests, origins())
  })

  it('claim with a failure trigger: the page shows the decline, the payout stays requested; Go back returns', async () => {
    const {page} = browser
    const payout = await approvedPayout(ctx.api, {currency: 'USD', payoutAmount: '40.00'})
    const url = await mint(ctx.api, 'payout', {payoutId: payout.id, redirectUrl: target.url('/claim-failed')})
    await page.goto(url)
    await signInInBrowser(page)
    // SEPA is euro-only: a USD payout to an IBAN is a bank transfer by IBAN.
    await expect(page.getByLabel('Bank transfer (IBAN)', {exact: true}).count()).resolves.toBe(1)
    expect(await page.content()).not.toContain('SEPA')
    await page.getByLabel('PayPal').check()
    await page.getByRole('button', {name: 'Continue'}).click()
    await page.getByLabel('PayPal e-mail address').fill('ada+sandbox-fail@example.com')
    await page.getByRole('button', {name: 'Claim USD 40.00'}).click()
    expect(await heading()).toBe('Claim your payout again')
    expect(await page.locator('#declined').textContent()).toContain('PayPal declined the transfer')
    expect(await v1Status(ctx.api, payout.id)).toBe('requested')
    expect(await v2Status(ctx.api, payout.id)).toBe('failed')
    await browser.screenshot('claim-declined')
    await page.getByRole('link', {name: 'Go back'}).click()
    await page.waitForURL(target.url('/claim-failed'))
    expectOnlyOrigins(browser.requests, origins())
  })

  it('approval: a member reviews the payouts with totals per currency and approves them', async () => {
    const {page} = browser
    const ids = [
      (await ctx.api.v1Create({payoutAmount: '120.00', email: 'ada@example.com', description: 'March royalties'})).id,
      (await ctx.api.v1Create({payoutAmount: '80.50', email: 'grace@example.com', description: 'Cover art'})).id,
      (
        await ctx.api.v1Create({
          payoutAmount: '15.00',
          currency: 'USD',
          creatorHandle: '@linus',
          email: undefined,
          description: 'Sample pack',
        })
      ).id,
    ]
    const url = await mint(ctx.api, 'approval', {
      payoutIds: ids,
      loginHint: MEMBER,
      redirectUrl: target.url('/approved'),
    })
    await page.goto(url)
    await expect(page.getByLabel('E-mail address').inputValue()).resolves.toBe(MEMBER)
    await signInInBrowser(page)
    expect(await heading()).toBe('Review and approve payouts')
    expect(await page.locator('[data-total="EUR"]').textContent()).toBe('EUR 200.50')
    expect(await page.locator('[data-total="USD"]').textContent()).toBe('USD 15.00')
    expect(await page.getByRole('row').count()).toBe(1 + 3 + 2)
    await browser.screenshot('approval')
    await page.getByRole('button', {name: 'Approve 3 payouts'}).click()
    expect(await heading()).toBe('Payouts approved')
    expect(await page.getByRole('status').textContent()).toContain('Approved 3 payouts')
    for (const id of ids) expect(await v1Status(ctx.api, id)).toBe('approved')
    const eur = await ctx.api.account('EUR')
    expect(eur.balance.reserved).toBe('200.50')
    await page.getByRole('link', {name: 'Done'}).click()
    await page.waitForURL(target.url('/approved'))
    expectOnlyOrigins(browser.requests, origins())
  })

  it('kyb: a member completes verification with the keyboard alone; kybStatus changes', async () => {
    const {page} = browser
    const url = await mint(ctx.api, 'kyb', {redirectUrl: target.url('/kyb-done')})
    await page.goto(url)
    await tabTo(page, '#field-email')
    await page.keyboard.press('ControlOrMeta+A')
    await page.keyboard.type(MEMBER)
    await page.keyboard.press('Enter')
    await page.locator('#sign-in-code').waitFor()
    const code = (await page.locator('#sign-in-code').textContent())!.trim()
    await tabTo(page, '#field-code')
    await page.keyboard.type(code)
    await page.keyboard.press('Enter')
    await expect.poll(heading).toBe('Verify your business')
    expect(await page.locator('#kyb-status').textContent()).toBe('pending')
    await browser.screenshot('kyb')
    await tabTo(page, 'button.primary')
    expect(await page.locator(':focus').textContent()).toBe('Complete verification')
    await page.keyboard.press('Enter')
    await expect.poll(heading).toBe('Business verified')
    expect((await ctx.api.get('/api/v1/team')).body.kybStatus).toBe('verified')
    expect((await ctx.api.get('/api/v2/team')).body.kybStatus).toBe('verified')
    await tabTo(page, 'a.button.primary')
    await page.keyboard.press('Enter')
    await page.waitForURL(target.url('/kyb-done'))
    expectOnlyOrigins(browser.requests, origins())
  })

  it('allowance: the owner sets a daily limit, visible in GET /team and GET /api/v2/accounts', async () => {
    const {page} = browser
    const url = await mint(ctx.api, 'allowance', {redirectUrl: target.url('/allowance-done')})
    await page.goto(url)
    await expect(page.getByLabel('E-mail address').inputValue()).resolves.toBe(OWNER)
    await signInInBrowser(page)
    expect(await heading()).toBe('Daily spending allowance')
    await page.getByLabel('Currency').selectOption('USD')
    await page.getByLabel('Daily limit').fill('250.00')
    await page.getByRole('button', {name: 'Save allowance'}).click()
    expect(await page.getByRole('status').textContent()).toContain('The daily limit for USD is now USD 250.00')
    expect(await page.locator('[data-limit="USD"]').textContent()).toBe('USD 250.00')
    await browser.screenshot('allowance')
    const team = (await ctx.api.get('/api/v1/team')).body
    const usd = team.balances.find((b: {currency: string}) => b.currency === 'USD')
    expect(usd.allowance).toEqual({limit: '250.00', used: '0.00', remaining: '250.00', nextResetAt: expect.any(String)})
    expect(Date.parse(usd.allowance.nextResetAt)).toBeGreaterThan(ctx.emu.app.clock.nowMs())
    expect(team.balances.find((b: {currency: string}) => b.currency === 'EUR').allowance).toBeNull()
    const account = await ctx.api.account('USD')
    expect(account.allowance).toEqual({limit: '250.00', used: '0.00', resetsAt: usd.allowance.nextResetAt})
    await page.getByRole('link', {name: 'Done'}).click()
    await page.waitForURL(target.url('/allowance-done'))
    expectOnlyOrigins(browser.requests, origins())
  })

  it('branding: default, team and platform pages show a different name, logo and colour', async () => {
    const {page} = browser
    const payout = await approvedPayout(ctx.api)
    const seen: Array<{name: string; logo: string; accent: string}> = []
    const look = async () => ({
      name: (await page.locator('.brand-name').textContent()) ?? '',
      logo: (await page.locator('.masthead svg').getAttribute('aria-label')) ?? '',
      accent: await page
        .locator('main')
        .evaluate(el => el.ownerDocument.defaultView!.getComputedStyle(el).borderTopColor),
    })
    for (const branding of ['talentir', 'team'] as const) {
      await page.goto(await mint(ctx.api, 'payout', {payoutId: payout.id, redirectUrl: target.url(), branding}))
      seen.push(await look())
      if (branding === 'team') await browser.screenshot('branding-team')
    }
    ctx.emu.app.brands.usePlatformNames(
      clientId => (clientId === 'client_acme' ? 'Acme Creator Platform' : undefined),
      clientId => (clientId === 'client_acme' ? ctx.emu.seed.teamId : undefined),
    )
    const token = createSessionToken(
      {
        kind: 'payout',
        teamId: ctx.emu.seed.teamId,
        payload: {payoutId: payout.id},
        redirectUrl: target.url(),
        branding: 'platform',
        createdBy: {kind: 'oauth', clientId: 'client_acme'},
      },
      ctx.emu.app.store.secret(),
      ctx.emu.app.clock.nowMs(),
    )
    await page.goto(`${ctx.emu.url}/hosted/payout/${token}`)
    seen.push(await look())
    await browser.screenshot('branding-platform')
    expect(seen.map(s => s.name)).toEqual(['Payout Service', 'Emulator Media GmbH', 'Acme Creator Platform'])
    expect(seen.map(s => s.logo)).toEqual([
      'Payout Service logo',
      'Emulator Media GmbH logo',
      'Acme Creator Platform logo',
    ])
    expect(new Set(seen.map(s => s.accent)).size).toBe(3)
    expectOnlyOrigins(browser.requests, origins())
  })
})
