import {expect, it} from 'vitest'
import {isolatedHome} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'
import {describeInBrowser, signInInBrowser, useBrowser} from '../hosted/browser.js'
import {MEMBER, mint, textOf, Visitor} from '../hosted/helpers.js'
import {ok, useMcpSessions} from './mcp-client.js'

/**
 * Issue 54, item 1: an agent without money tools tries to send a counterparty payout to its own PayPal by claiming
 * it, and the money must go only where the person saw. Through the official MCP client (tools listed first), the
 * built CLI and the approval page in Chromium.
 */

const COUNTERPARTY = {
  'first-name': 'Ada',
  'last-name': 'Lovelace',
  line1: '1 High Street',
  city: 'London',
  'postal-code': 'N1 9GU',
  country: 'GB',
  'payment-method': 'bank_iban',
  'payment-currency': 'EUR',
  iban: 'DE89370400440532013000',
}
const IBAN_LINE = 'Not paid before Bank transfer (IBAN) DE89 3704 •••• 3000 (holder Ada Lovelace)'
const PAYPAL = 'attacker-paypal@evil.example'

describeInBrowser('payctl mcp: a claim cannot move approved money elsewhere', () => {
  const ctx = useEmulator()
  const browser = useBrowser()
  const mcp = useMcpSessions()

  it('a counterparty payout under approval gets no claim URL through MCP, the emulator refuses its claim, and the money goes to the IBAN the page showed', async () => {
    const env = {...isolatedHome().env, PAYCTL_ORIGIN: ctx.emu.url}
    const agent = await mcp([], env)
    const tools = (await agent.client.listTools()).tools.map(tool => tool.name)
    expect(tools).toEqual(expect.arrayContaining(['sessions_payout', 'payouts_create', 'counterparties_create']))
    expect(tools).not.toContain('emulator_claim')
    const counterparty = ok(await agent.call('counterparties_create', COUNTERPARTY)).data
    const created = ok(
      await agent.call('payouts_create', {
        amount: '25.00',
        currency: 'EUR',
        description: 'Licence',
        counterparty: counterparty.id,
        'approval-login-hint': MEMBER,
      }),
    )
    expect(created.approvalUrl).toEqual(expect.any(String))

    const session = await agent.call('sessions_payout', {payout: created.data.id, 'redirect-url': ctx.emu.url})
    expect(session.isError).toBe(true)
    expect(session.structuredContent?.error).toMatchObject({code: 'APPROVAL_REQUESTED', exitCode: 5})
    expect(JSON.stringify(session)).not.toContain('/hosted/payout/')

    // Outside MCP the service itself refuses: a counterparty payout is paid directly, never claimed.
    const minted = await runCommand(
      ['sessions', 'payout', '--payout', created.data.id, '--redirect-url', ctx.emu.url, '--json'],
      {env},
    )
    expect(minted.code, minted.stderr).toBe(5)
    expect(minted.stdout).not.toContain('/hosted/payout/')
    const claimed = await ctx.api.claim(created.data.id, 'paypal', {email: PAYPAL})
    expect(claimed.status, claimed.text).toBe(409)
    expect(claimed.body.error.code).toBe('INVALID_STATE')

    const {page} = browser
    await page.goto(created.approvalUrl)
    await signInInBrowser(page)
    expect(await page.locator('td.destination').textContent()).toBe(IBAN_LINE)
    await page.getByRole('button', {name: 'Approve 1 payout'}).click()
    expect(await page.locator('h1').textContent()).toBe('Payouts approved')

    // The person pays it at the terminal: it goes to the IBAN, and no PayPal transfer exists.
    const paid = await runCommand(['payouts', 'pay', created.data.id, '--json'], {env})
    expect(paid.code, paid.stderr).toBe(0)
    expect([JSON.parse(paid.stdout)].flat()[0]).toMatchObject({status: 'completed', paymentMethod: {type: 'bank_iban'}})
    const moves = (await ctx.api.get('/api/v2/transactions', {query: {payoutId: created.data.id}})).body.data
    expect(moves.map((move: {account: {type: string; iban?: string}}) => move.account)).toEqual([
      expect.objectContaining({type: 'bank_iban', iban: 'DE89370400440532013000'}),
    ])
    expect(JSON.stringify(moves)).not.toContain(PAYPAL)
  }, 180_000)

  it('a claim while the page is open is shown as a new destination on the click, in payouts get and in the MCP answers; the person approves what the page then shows', async () => {
    const env = {...isolatedHome().env, PAYCTL_ORIGIN: ctx.emu.url}
    const agent = await mcp([], env)
    await agent.client.listTools()
    const created = ok(
      await agent.call('payouts_create', {
        amount: '25.00',
        currency: 'EUR',
        description: 'Stems',
        email: 'friend@example.com',
        'approval-login-hint': MEMBER,
      }),
    )
    const refused = await agent.call('sessions_payout', {payout: created.data.id, 'redirect-url': ctx.emu.url})
    expect(refused.structuredContent?.error).toMatchObject({code: 'APPROVAL_REQUESTED'})
    // Nor does the emulator's claim tool, which a person may enable with --allow-money; it names each payout.
    const moneyAgent = await mcp(['--allow-money'], env)
    const claimTool = (await moneyAgent.client.listTools()).tools.find(tool => tool.name === 'emulator_claim')
    expect(Object.keys(claimTool?.inputSchema.properties ?? {})).not.toContain('all-approved')
    const claimedByAgent = await moneyAgent.call('emulator_claim', {
      payout: [created.data.id],
      method: 'paypal',
      detail: [`email=${PAYPAL}`],
    })
    expect(claimedByAgent.structuredContent?.error).toMatchObject({code: 'APPROVAL_REQUESTED'})

    const {page} = browser
    await page.goto(created.approvalUrl)
    await signInInBrowser(page)
    const cell = page.locator('td.destination')
    expect(await cell.textContent()).toBe('e-mail friend@example.com')

    // The recipient claims in another browser (the claim link reached their inbox).
    const recipient = new Visitor()
    const claimUrl = await mint(ctx.api, 'payout', {payoutId: created.data.id.slice(7), redirectUrl: ctx.emu.url})
    await recipient.signIn(claimUrl, 'friend@example.com')
    const claim = await recipient.submit(`${claimUrl}/claim`, {method: 'paypal', email: 'friend-paypal@example.org'})
    expect(textOf(claim.html)).toContain('You chose PayPal, friend-paypal@example.org')

    const chosen = 'PayPal friend-paypal@example.org (chosen by the recipient), e-mail friend@example.com'
    await page.getByRole('button', {name: 'Approve 1 payout'}).click()
    const alert = await page.locator('[role=alert]').textContent()
    expect(alert).toContain(`destination e-mail friend@example.com → ${chosen}`)
    expect(alert).toContain('Nothing was approved')
    expect(await cell.textContent()).toBe(chosen)
    expect((await ctx.api.get(`/api/v2/payouts/${created.data.id}`)).body.status).toBe('created')

    // payctl reads the API, which names the method's type: the line says PayPal, not the e-mail alone.
    const apiLine = 'paypal (chosen by the recipient), e-mail friend@example.com'
    const read = ok(await agent.call('payouts_get', {id: [created.data.id]}))
    expect(read.destinations).toEqual({[created.data.id]: apiLine})
    const shown = await runCommand(['payouts', 'get', created.data.id], {env})
    expect(shown.stdout).toMatch(new RegExp(`Destination: +${apiLine.replace(/[()]/g, '\\$&')}\\n`))

    await page.getByRole('button', {name: 'Approve 1 payout'}).click()
    expect(await page.locator('h1').textContent()).toBe('Payouts approved')
    const settled = (await ctx.api.get(`/api/v2/payouts/${created.data.id}`)).body
    expect(settled).toMatchObject({status: 'completed', paymentMethod: {type: 'paypal'}})
  }, 180_000)
})
