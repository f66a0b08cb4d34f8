import {afterEach, expect, it} from 'vitest'
import {isolatedHome} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {describeInBrowser, signInInBrowser, useBrowser} from '../hosted/browser.js'
import {MEMBER} from '../hosted/helpers.js'
import {type McpSession, ok, startMcp, useMcpSessions} from './mcp-client.js'

/** The agent's way to money without money tools: create, a person approves in the browser, the agent waits. */
describeInBrowser('payctl mcp: a person approves, the agent waits', () => {
  const ctx = useEmulator()
  const browser = useBrowser()
  const mcp = useMcpSessions()
  let session: McpSession | undefined

  it('create -> approval URL -> approved on the hosted page in Chromium -> wait -> completed', async () => {
    const home = isolatedHome()
    session = await mcp([], {...home.env, PAYCTL_ORIGIN: ctx.emu.url})
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
    // The recipient claims (emulator_claim is a money tool: the agent does not play the recipient here).
    const claim = await ctx.api.post(`/_emulator/payouts/${created.data.id}/claim`, {
      method: 'paypal',
      details: {email: 'ada@example.com'},
    })
    expect(claim.status, claim.text).toBe(200)
    const settled = ok(await session.call('payouts_wait', {id: [created.data.id], timeout: '20s'}))
    expect(settled.data[0]).toMatchObject({id: created.data.id, status: 'completed', amount: '42.00'})
  }, 120_000)
})

/** The payout the person is shown: 10.00 EUR to a friend. */
const FRIEND_PAYOUT = {
  amount: '10.00',
  currency: 'EUR',
  description: 'Mixing',
  email: 'friend@example.com',
  'approval-login-hint': MEMBER,
}
const PAYOUT_FIELDS = {amount: '5.00', currency: 'EUR', description: 'Stems', email: 'ada@example.com'}

/** Fault: the agent edits the payout after the person opened its approval page. */
describeInBrowser('payctl mcp: a person approves exactly what they saw', () => {
  const ctx = useEmulator()
  const browser = useBrowser()
  const sessions: McpSession[] = []
  afterEach(async () => {
    for (const session of sessions.splice(0)) await session.close()
  })

  it('refuses the agent an update after the approval URL, on this server, a restarted one and a second one', async () => {
    const home = isolatedHome()
    const env = {...home.env, PAYCTL_ORIGIN: ctx.emu.url}
    const first = await startMcp([], env)
    sessions.push(first)
    const created = ok(await first.call('payouts_create', {...FRIEND_PAYOUT, 'custom-id': 'friend-1'}))
    const attack = {id: created.data.id, amount: '60.00', email: 'attacker@evil.example'}
    const refused = await first.call('payouts_update', attack)
    expect(refused.isError).toBe(true)
    expect(refused.structuredContent?.error).toMatchObject({code: 'APPROVAL_REQUESTED', exitCode: 5})
    const minted = await first.call('sessions_approval', {payout: [created.data.id], 'redirect-url': ctx.emu.url})
    expect(minted.isError).toBeFalsy()
    await first.close()
    sessions.pop()

    const second = await startMcp([], env)
    const third = await startMcp([], env)
    sessions.push(second, third)
    for (const session of [second, third]) {
      const again = await session.call('payouts_update', attack)
      expect(again.structuredContent?.error).toMatchObject({code: 'APPROVAL_REQUESTED'})
    }
    // A create naming the customId of a payout under approval would update it (v1 upserts by customId).
    const upsert = await second.call('payouts_create', {
      ...FRIEND_PAYOUT,
      'custom-id': 'friend-1',
      amount: '60.00',
    })
    expect(upsert.structuredContent?.error).toMatchObject({code: 'APPROVAL_REQUESTED'})
    const payout = ok(await second.call('payouts_get', {id: [created.data.id]}))
    expect(payout.data).toMatchObject({amount: '10.00', status: 'created'})
    const other = ok(await second.call('payouts_create', {...PAYOUT_FIELDS, 'custom-id': 'not-handed-out'}))
    expect(other.approvalUrl).toEqual(expect.any(String))
    const elsewhere = await ctx.api.v2Create({amount: '7.00'})
    const updated = ok(await third.call('payouts_update', {id: elsewhere.id, amount: '6.00'}))
    expect(updated.data.amount).toBe('6.00')
  }, 180_000)

  it('the hosted page refuses a payout changed after the person opened it, shows the change, then approves what is shown', async () => {
    const home = isolatedHome()
    const session = await startMcp([], {...home.env, PAYCTL_ORIGIN: ctx.emu.url})
    sessions.push(session)
    const created = ok(await session.call('payouts_create', FRIEND_PAYOUT))
    const {page} = browser
    await page.goto(created.approvalUrl)
    await signInInBrowser(page)
    expect(await page.locator('table').textContent()).toContain('EUR 10.00')

    // Another way in than this server (a second client, the dashboard, the real service's own API).
    const changed = await ctx.api.patch(`/api/v2/payouts/${created.data.id}`, {
      amount: '60.00',
      recipient: {type: 'email', email: 'attacker@evil.example'},
    })
    expect(changed.status, changed.text).toBe(200)

    await page.getByRole('button', {name: 'Approve 1 payout'}).click()
    const alert = await page.locator('[role=alert]').textContent()
    expect(alert).toContain('amount EUR 10.00 → EUR 60.00')
    expect(alert).toContain('recipient friend@example.com → attacker@evil.example')
    expect(alert).toContain('Nothing was approved')
    expect((await ctx.api.get(`/api/v2/payouts/${created.data.id}`)).body.status).toBe('created')
    expect(await page.locator('table').textContent()).toContain('EUR 60.00')

    // The fresh view is what the person approves now.
    await page.getByRole('button', {name: 'Approve 1 payout'}).click()
    expect(await page.locator('h1').textContent()).toBe('Payouts approved')
    const approved = ok(await session.call('payouts_wait', {id: [created.data.id], until: 'approved'}))
    expect(approved.data[0]).toMatchObject({status: 'approved', amount: '60.00'})
  }, 180_000)
})
