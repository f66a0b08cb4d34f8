import {expect, it} from 'vitest'
import {isolatedHome} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'
import {describeInBrowser, signInInBrowser, useBrowser} from '../hosted/browser.js'
import {MEMBER} from '../hosted/helpers.js'
import {ok, useMcpSessions} from './mcp-client.js'

/**
 * What the person approves is where the money goes: an agent on the official MCP client creates a counterparty
 * with a trusted e-mail and its own IBAN and pays it; the approval page in Chromium, `payouts get` and the MCP
 * answers show the same destination line (the IBAN masked, the holder). A change of bank details after the page
 * was opened is refused on the click with the destinations side by side.
 */

const TRUSTED = 'friend@example.com'
/** The same address with a Cyrillic а (U+0430) in the domain. */
const LOOK_ALIKE = 'friend@ex\u0430mple.com'
const COUNTERPARTY = {
  email: TRUSTED,
  'first-name': 'Ada',
  'last-name': 'Lovelace',
  line1: '1 High Street',
  city: 'London',
  'postal-code': 'N1 9GU',
  country: 'GB',
  'payment-method': 'bank_iban',
  'payment-currency': 'EUR',
  iban: 'GB33BUKB20201555555555',
}
/** The page names the method's type; payctl shows the type's id, with the marks of what it knows. */
const BEFORE = `Bank transfer (IBAN) GB33 BUKB •••• 5555 (holder Ada Lovelace), e-mail ${TRUSTED}`
const AFTER = `Bank transfer (IBAN) DE89 3704 •••• 3000 (holder Mallory Mule), e-mail ${TRUSTED}`
const API_BEFORE = `bank_iban GB33 BUKB •••• 5555 (holder Ada Lovelace), e-mail ${TRUSTED} [NOT PAID BEFORE]`
const API_AFTER = `bank_iban DE89 3704 •••• 3000 (holder Mallory Mule), e-mail ${TRUSTED} [NOT PAID BEFORE]`
/** The mark of a counterparty an agent set, as payctl reads it from its MCP server's record. */
const AGENT = / \[SET BY AN AGENT: counterparties_create at \d{4}-\d\d-\d\dT[\d:.]+Z\]$/

describeInBrowser('payctl mcp: the approval page shows where the money goes', () => {
  const ctx = useEmulator()
  const browser = useBrowser()
  const mcp = useMcpSessions()

  it('a counterparty payout: masked IBAN and holder on the page, in payouts get and in the MCP answers; a changed IBAN side by side', async () => {
    const home = isolatedHome()
    const env = {...home.env, PAYCTL_ORIGIN: ctx.emu.url}
    const agent = await mcp([], env)
    const tools = (await agent.client.listTools()).tools.map(tool => tool.name)
    expect(tools).toEqual(expect.arrayContaining(['counterparties_create', 'payouts_create', 'payouts_get']))
    const counterparty = ok(await agent.call('counterparties_create', COUNTERPARTY)).data
    const created = ok(
      await agent.call('payouts_create', {
        amount: '900.00',
        currency: 'EUR',
        description: 'Consulting',
        counterparty: counterparty.id,
        'approval-login-hint': MEMBER,
      }),
    )
    expect(created.destinations[created.data.id].replace(AGENT, '')).toBe(API_BEFORE)

    const {page} = browser
    await page.goto(created.approvalUrl)
    await signInInBrowser(page)
    const cell = page.locator('td.destination')
    expect(await cell.textContent()).toBe(`Not paid before ${BEFORE}`)
    expect(await page.content()).not.toContain('GB33BUKB20201555555555')

    // The bank details change behind the page's back (another client, the dashboard).
    const patched = await ctx.api.patch(`/api/v2/counterparties/${counterparty.id}`, {
      paymentMethod: {
        type: 'bank_iban',
        currency: 'EUR',
        iban: 'DE89370400440532013000',
        accountHolderName: 'Mallory Mule',
      },
    })
    expect(patched.status, patched.text).toBe(200)
    await page.getByRole('button', {name: 'Approve 1 payout'}).click()
    const alert = await page.locator('[role=alert]').textContent()
    expect(alert).toContain(`destination ${BEFORE} → ${AFTER}`)
    expect(alert).toContain('Nothing was approved')
    expect(await cell.textContent()).toBe(`Not paid before ${AFTER}`)
    expect((await ctx.api.get(`/api/v2/payouts/${created.data.id}`)).body.status).toBe('created')

    const read = ok(await agent.call('payouts_get', {id: [created.data.id]}))
    expect(read.destinations[created.data.id].replace(AGENT, '')).toBe(API_AFTER)
    const shown = await runCommand(['payouts', 'get', created.data.id], {env})
    expect(shown.code, shown.stderr).toBe(0)
    expect(shown.stdout).toContain(`Destination: ${API_AFTER} [SET BY AN AGENT: counterparties_create at `)
  }, 180_000)

  it('a look-alike e-mail: refused to the agent (which cannot allow it), allowed by the person, marked on the page with its punycode', async () => {
    const home = isolatedHome()
    const env = {...home.env, PAYCTL_ORIGIN: ctx.emu.url}
    const agent = await mcp([], env)
    const create = (await agent.client.listTools()).tools.find(tool => tool.name === 'payouts_create')
    expect(Object.keys(create?.inputSchema.properties ?? {})).not.toContain('allow-confusable')
    const payout = {amount: '10.00', currency: 'EUR', description: 'Mixing', email: LOOK_ALIKE}
    const refused = await agent.call('payouts_create', payout)
    expect(refused.isError).toBe(true)
    expect(refused.structuredContent?.error).toMatchObject({code: 'LOOK_ALIKE_ADDRESS', exitCode: 6})
    expect(JSON.stringify(refused.structuredContent?.error)).toContain('xn--exmple-4nf.com')
    // Naming the person's flag gets the agent nowhere (the input is dropped or refused, never honoured).
    const insisted = await agent.call('payouts_create', {...payout, 'allow-confusable': true})
    expect(insisted.isError).toBe(true)
    const elsewhere = await ctx.api.v2Create({amount: '7.00'})
    const moved = await agent.call('payouts_update', {id: elsewhere.id, email: LOOK_ALIKE})
    expect(moved.structuredContent?.error).toMatchObject({code: 'LOOK_ALIKE_ADDRESS'})
    const counterparty = await agent.call('counterparties_create', {...COUNTERPARTY, email: LOOK_ALIKE})
    expect(counterparty.structuredContent?.error).toMatchObject({code: 'LOOK_ALIKE_ADDRESS'})
    expect((await ctx.api.get('/api/v2/payouts')).body.data).toHaveLength(1)

    // The person, at a terminal, decides it is right.
    const cli = (args: string[]) => runCommand(args, {env})
    const flags = ['--amount', '10.00', '--currency', 'EUR', '--description', 'Mixing', '--email', LOOK_ALIKE]
    const unflagged = await cli(['payouts', 'create', ...flags, '--json'])
    expect(unflagged.code).toBe(6)
    const allowed = await cli(['payouts', 'create', ...flags, '--allow-confusable', '--json'])
    expect(allowed.code, allowed.stderr).toBe(0)
    const id = JSON.parse(allowed.stdout).id
    const shown = await cli(['payouts', 'get', id])
    expect(shown.stdout).toContain(
      'LOOK-ALIKE: "ex\u0430mple" mixes Latin and Cyrillic letters; domain xn--exmple-4nf.com',
    )
    const session = await cli([
      'sessions',
      'approval',
      '--payout',
      id,
      '--login-hint',
      MEMBER,
      '--redirect-url',
      ctx.emu.url,
      '--json',
    ])
    expect(session.code, session.stderr).toBe(0)

    const {page} = browser
    await page.goto(JSON.parse(session.stdout).url)
    await signInInBrowser(page)
    const cell = page.locator('td.destination')
    expect(await cell.getAttribute('data-look-alike')).toBe('xn--exmple-4nf.com')
    expect(await cell.locator('strong.warning').textContent()).toBe('Look-alike address')
    expect(await cell.textContent()).toContain('domain xn--exmple-4nf.com')
  }, 180_000)
})
