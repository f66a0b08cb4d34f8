import {readFileSync} from 'node:fs'
import {createRequire} from 'node:module'
import type {Page} from 'playwright-core'
import {expect, it} from 'vitest'
import {useEmulator} from '../helpers/emulator.js'
import {describeInBrowser, useBrowser} from './browser.js'
import {MEMBER, mint} from './helpers.js'

/**
 * Issue 49, item 4 and the page of item 2: the approval page reads on any screen (390, 1000 and 1280 px: no sideways
 * scroll, nothing outside its card, amounts on one line, method names from the payment-method types), has no axe-core
 * violation of WCAG 2.2 AA on the sign-in, code, review and done pages, says how each payout is paid, and flags a
 * payout that cannot be paid as it stands.
 */

const REDIRECT = 'http://127.0.0.1:9/back'
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']

/** axe-core's WCAG 2.2 AA violations of the page as it is (the engine is evaluated through the DevTools protocol). */
async function violations(page: Page): Promise<string[]> {
  await page.evaluate(AXE)
  const found = await page.evaluate(
    tags =>
      (
        globalThis as unknown as {
          axe: {run(options: unknown): Promise<{violations: Array<{id: string; nodes: Array<{target: string[]}>}>}>}
        }
      ).axe.run({runOnly: {type: 'tag', values: tags}}),
    WCAG_22_AA,
  )
  return found.violations.map(v => `${v.id}: ${v.nodes.map(node => node.target.join(' ')).join(', ')}`)
}

/** The little of the DOM the layout check reads (the tests compile without the DOM's types). */
interface Box {
  left: number
  right: number
  width: number
}
interface Shown {
  tagName: string
  textContent: string | null
  getBoundingClientRect(): Box
  getClientRects(): {length: number}
}
interface ShownDocument {
  documentElement: {scrollWidth: number; clientWidth: number}
  querySelector(selector: string): Shown
  querySelectorAll(selector: string): Iterable<Shown>
}

/** What does not fit: sideways scroll, and elements of the card reaching past its edges. */
async function misfits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const document = (globalThis as unknown as {document: ShownDocument}).document
    const found: string[] = []
    const root = document.documentElement
    if (root.scrollWidth > root.clientWidth) found.push(`sideways scroll of ${root.scrollWidth - root.clientWidth}px`)
    const card = document.querySelector('main').getBoundingClientRect()
    for (const element of document.querySelectorAll('main *')) {
      const box = element.getBoundingClientRect()
      if (box.width && (box.left < card.left - 0.5 || box.right > card.right + 0.5))
        found.push(
          `${element.tagName.toLowerCase()} ${Math.round(box.left)}–${Math.round(box.right)} outside ${Math.round(card.left)}–${Math.round(card.right)}`,
        )
    }
    for (const amount of document.querySelectorAll('.amount'))
      if (amount.getClientRects().length > 1) found.push(`amount "${amount.textContent}" breaks over lines`)
    return found
  })
}

describeInBrowser('the approval page on any screen', () => {
  const ctx = useEmulator()
  const browser = useBrowser()

  it('fits 390, 1000 and 1280 px, names methods, says how each payout is paid, flags what cannot be paid, and has no axe violation', async () => {
    const noTax = await ctx.api.counterparty({taxIdentity: undefined, email: 'maria.longname@example.com'})
    expect(noTax.missing).toEqual(['taxIdentity'])
    const ukOnly = await ctx.api.counterparty({
      identity: {type: 'individual', firstName: 'Ada', lastName: 'Lovelace'},
      address: {line1: '1 High Street', city: 'London', postalCode: 'N1 9GU', country: 'GB'},
      paymentMethod: {type: 'bank_uk', currency: 'GBP', sortCode: '123456', accountNumber: '12345678'},
      taxIdentity: undefined,
      email: undefined,
    })
    const payouts = [
      await ctx.api.v2Create({amount: '250.00', recipient: undefined, counterpartyId: noTax.id}),
      await ctx.api.v2Create({amount: '1250.00', recipient: undefined, counterpartyId: ukOnly.id}),
      await ctx.api.v2Create({amount: '12.50', description: 'A very long description of the work done in October'}),
    ]
    const url = await mint(ctx.api, 'approval', {
      payoutIds: payouts.map(payout => payout.id.slice(7)),
      redirectUrl: REDIRECT,
      loginHint: MEMBER,
    })
    const {page} = browser
    const checked: Record<string, string[]> = {}
    const check = async (name: string) => {
      checked[name] = [...(await violations(page)), ...(await misfits(page))]
    }

    await page.setViewportSize({width: 390, height: 800})
    await page.goto(url)
    await check('sign-in 390')
    await page.getByRole('button', {name: 'Send code'}).click()
    await check('code 390')
    const code = (await page.locator('#sign-in-code').textContent())?.trim() ?? ''
    await page.getByLabel('Sign-in code').fill(code)
    await page.getByRole('button', {name: 'Sign in'}).click()
    expect(await page.locator('h1').textContent()).toBe('Review and approve payouts')
    for (const width of [390, 1000, 1280]) {
      await page.setViewportSize({width, height: 900})
      await check(`review ${width}`)
      await browser.screenshot(`approval-${width}`)
    }

    const text = (await page.locator('main').textContent()) ?? ''
    expect(text).toContain('Not paid before Bank transfer (IBAN) DE89 3704 •••• 3000 (holder Grace Hopper)')
    expect(text).not.toContain('[NOT PAID BEFORE]')
    expect(text).toContain('UK bank transfer (Faster Payments) ••••5678 (holder Ada Lovelace)')
    expect(text).not.toMatch(/bank_iban|bank_uk/)
    expect(text).toContain('A payout to a counterparty is paid directly to the account shown once the team pays it.')
    expect(text).toContain('A payout to an address is paid once its recipient claims it.')
    expect(text).not.toContain('each recipient is paid once they claim')
    expect(await page.locator('tr[data-paid="directly"] .how').allTextContents()).toEqual([
      'Paid directly to this account',
      'Paid directly to this account',
    ])
    expect(await page.locator('tr[data-paid="on-claim"] .how').textContent()).toBe('Paid when the recipient claims it')
    const flags = await page.locator('[data-blocked]').allTextContents()
    expect(flags).toEqual([
      'Cannot be paid as it stands: the counterparty still needs its taxIdentity before it can be paid.',
      'Cannot be paid as it stands: UK bank transfer (Faster Payments) does not pay in EUR (it pays in GBP): give the counterparty another payment method.',
    ])
    expect(text).toContain('2 payouts cannot be paid as they stand: see below.')

    await page.getByRole('button', {name: 'Approve 3 payouts'}).click()
    expect(await page.locator('h1').textContent()).toBe('Payouts approved')
    await check('done 1280')
    await page.setViewportSize({width: 390, height: 800})
    await check('done 390')
    expect(checked).toEqual(Object.fromEntries(Object.keys(checked).map(name => [name, []])))
  }, 180_000)
})
