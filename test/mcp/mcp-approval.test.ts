import {afterEach, expect, it} from 'vitest'
import {isolatedHome} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {describeInBrowser, signInInBrowser, useBrowser} from '../hosted/browser.js'
import {MEMBER} from '../hosted/helpers.js'
import {type McpSession, ok, startMcp} from './mcp-client.js'

/** The agent's way to money without money tools: create, a person approves in the browser, the agent waits. */
describeInBrowser('payctl mcp: a person approves, the agent waits', () => {
  const ctx = useEmulator()
  const browser = useBrowser()
  let session: McpSession | undefined
  afterEach(async () => {
    await session?.close()
  })

  it('create -> approval URL -> approved on the hosted page in Chromium -> wait -> completed', async () => {
    const home = isolatedHome()
    session = await startMcp([], {...home.env, PAYCTL_ORIGIN: ctx.emu.url})
    const created = ok(
      await session.call('payouts_create', {
        amount: '42.00',
        currency: 'EUR',
        description: 'Session music',
        email: 'ada@example.com',
        'approval-login-hint': MEMBER,
      }),
    )
    expect(created.data.status).toBe('created')
    const tools = (await session.client.listTools()).tools.map(tool => tool.name)
    expect(tools).not.toContain('payouts_approve')

    const {page} = browser
    await page.goto(created.approvalUrl)
    await signInInBrowser(page)
    expect(await page.locator('h1').textContent()).toBe('Review and approve payouts')
    await page.getByRole('button', {name: 'Approve 1 payout'}).click()
    expect(await page.locator('h1').textContent()).toBe('Payouts approved')

    const approved = ok(await session.call('payouts_wait', {id: [created.data.id], until: 'approved'}))
    expect(approved.data[0].status).toBe('approved')
    ok(await session.call('emulator_claim', {payout: [created.data.id], method: 'paypal'}))
    const settled = ok(await session.call('payouts_wait', {id: [created.data.id], timeout: '20s'}))
    expect(settled.data[0]).toMatchObject({id: created.data.id, status: 'completed', amount: '42.00'})
  }, 120_000)
})
