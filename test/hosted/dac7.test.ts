import {describe, expect, it} from 'vitest'
import {useEmulator} from '../helpers/emulator.js'
import {describeInBrowser, expectOnlyOrigins, signInInBrowser, useBrowser} from './browser.js'
import {approvedPayout, mint, textOf, useRedirectTarget, Visitor, v1Status} from './helpers.js'

/**
 * The DAC7 step of the claim page (spec 2.4) in a real browser: with the team's DAC7 reporting on, an EU
 * resident gives their tax identity (checked against GET /api/v2/countries) before the claim form; a resident
 * of another country goes straight on; with DAC7 off nobody is asked.
 */
describeInBrowser('claim page in Chromium: the DAC7 tax-identity step', () => {
  const ctx = useEmulator()
  const browser = useBrowser()
  const target = useRedirectTarget()
  const heading = () => browser.page.locator('h1').textContent()

  const openClaim = async (dac7: boolean) => {
    expect((await ctx.api.patch('/api/v1/team', {dac7ReportingRequired: dac7})).status).toBe(200)
    const payout = await approvedPayout(ctx.api)
    await browser.page.goto(await mint(ctx.api, 'payout', {payoutId: payout.id, redirectUrl: target.url('/done')}))
    await signInInBrowser(browser.page)
    return payout
  }

  const claimWithIban = async () => {
    const {page} = browser
    await page.getByLabel('Bank transfer (SEPA, IBAN)').check()
    await page.getByRole('button', {name: 'Continue'}).click()
    await page.getByLabel('Account holder name').fill('Ada Lovelace')
    await page.getByLabel('IBAN').fill('DE89370400440532013000')
    await page.getByRole('button', {name: /^Claim EUR/}).click()
    expect(await heading()).toBe('You have been paid')
  }

  it('an EU resident gives a tax identity that fits the country rules, then claims; it is kept for the team', async () => {
    const {page} = browser
    const payout = await openClaim(true)
    expect(await heading()).toBe('Your tax residence')
    await page.getByRole('button', {name: 'Continue'}).click()
    expect(await page.getByRole('alert').textContent()).toContain('Choose the country you live in')
    await page.getByLabel('Germany').check()
    await page.getByRole('button', {name: 'Continue'}).click()
    expect(await heading()).toBe('Your tax identity')
    await page.getByLabel('Steuerliche Identifikationsnummer (11 digits)').fill('1234')
    await page.getByRole('button', {name: 'Continue'}).click()
    const alert = await page.getByRole('alert').textContent()
    expect(alert).toContain('Steuerliche Identifikationsnummer (11 digits): this does not look right for Germany')
    expect(alert).toContain('Enter your Date of birth (YYYY-MM-DD), reported under DAC7')
    await browser.screenshot('claim-dac7-errors')
    await page.getByLabel('Steuerliche Identifikationsnummer (11 digits)').fill('12345678901')
    await page.getByLabel('Date of birth (YYYY-MM-DD), reported under DAC7').fill('1990-04-30')
    await page.getByLabel('City of birth (optional)').fill('Berlin')
    await page.getByRole('button', {name: 'Continue'}).click()
    expect(await heading()).toBe('Claim your payout')
    await claimWithIban()
    expect(await v1Status(ctx.api, payout.id)).toBe('completed')

    const counterparties = (await ctx.api.get('/api/v2/counterparties')).body.data
    const recipient = counterparties.find((c: {email?: string}) => c.email === 'ada@example.com')
    expect(recipient).toMatchObject({
      recipientManaged: true,
      address: {country: 'DE'},
      taxIdentity: {taxId: '12345678901', dateOfBirth: '1990-04-30', birthPlaceCity: 'Berlin'},
      paymentMethod: {type: 'bank_iban', iban: 'DE89370400440532013000'},
    })

    // The next payout of the same team: the step is done, the claim form comes at once.
    const next = await approvedPayout(ctx.api)
    await page.goto(await mint(ctx.api, 'payout', {payoutId: next.id, redirectUrl: target.url('/done')}))
    expect(await heading()).toBe('Claim your payout')
    expectOnlyOrigins(browser.requests, [ctx.emu.url, target.origin])
  })

  it('a resident outside the EU is not asked for a tax identity', async () => {
    const {page} = browser
    await openClaim(true)
    await page.getByLabel('United States').check()
    await page.getByRole('button', {name: 'Continue'}).click()
    expect(await heading()).toBe('Claim your payout')
    await claimWithIban()
  })

  it('with DAC7 reporting off the claim form comes first', async () => {
    await openClaim(false)
    expect(await heading()).toBe('Claim your payout')
  })
})

describe('claim page over HTTP: the DAC7 step cannot be skipped', () => {
  const ctx = useEmulator()

  it('a claim posted before the residence step is refused (409) and changes nothing', async () => {
    await ctx.api.patch('/api/v1/team', {dac7ReportingRequired: true})
    const payout = await approvedPayout(ctx.api)
    const url = await mint(ctx.api, 'payout', {payoutId: payout.id, redirectUrl: 'https://example.com/back'})
    const visitor = new Visitor()
    const page = await visitor.signIn(url, 'ada@example.com')
    expect(textOf(page.html)).toContain('Where do you live?')
    const refused = await visitor.post(`${url}/claim`, {
      method: 'bank-iban',
      accountHolderName: 'Ada Lovelace',
      iban: 'DE89370400440532013000',
    })
    expect(refused.status).toBe(409)
    expect(textOf(refused.html)).toContain('Tell us where you live before you claim')
    expect(await v1Status(ctx.api, payout.id)).toBe('approved')
    const taxPage = await visitor.post(`${url}/residence`, {country: 'FR'})
    expect(textOf(taxPage.html)).toContain('Your tax identity in France')
    const wrongCountry = await visitor.post(`${url}/tax-identity`, {country: 'US', taxId: '123456789'})
    expect(wrongCountry.status).toBe(400)
    expect(await v1Status(ctx.api, payout.id)).toBe('approved')
  })
})
