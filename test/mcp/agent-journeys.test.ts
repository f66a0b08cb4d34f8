import type {CallToolResult, ElicitResult} from '@modelcontextprotocol/sdk/types.js'
import {afterAll, describe, expect, it} from 'vitest'
import {isolatedHome} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {describeInBrowser, signInInBrowser, useBrowser} from '../hosted/browser.js'
import {MEMBER, mint} from '../hosted/helpers.js'
import {type ClientRole, type McpSession, ok, type Structured, startMcp} from './mcp-client.js'

/**
 * The agent's jobs, carried to their end by an agent that starts cold and acts only on tool answers (the official
 * SDK client, tools listed first): it follows `next` as given, filling in only what `supply` asks for. Each job runs
 * with a client that declares URL and form elicitation (the person approves in the page their client showed them)
 * and with one that declares nothing (the agent hands approvalUrl on). Where a person acts, Chromium does.
 */

/** What a person types at a terminal: an agent must never be told it. */
const CLI_WORDING = /(^|[\s"'(,:;[])--[a-z]|\bpayctl [a-z]/

/** The client's kind: URL and form elicitation, form elicitation only, or nothing. */
type Mode = 'elicitation' | 'form' | 'plain'
/** What the person answers when their client shows them the approval page. */
type Answer = 'approve' | 'decline' | 'cancel' | 'later' | 'ignore'

describeInBrowser('payctl mcp: an agent carries each job to its end', () => {
  const ctx = useEmulator()
  const browser = useBrowser()

  /** The person approves the payouts of an approval page in Chromium (signing in on the first page). */
  async function approveOnPage(url: string, count: number): Promise<void> {
    const {page} = browser
    await page.goto(url)
    if ((await page.locator('h1').textContent()) === 'Sign in') await signInInBrowser(page, MEMBER)
    await page.getByRole('button', {name: `Approve ${count} ${count === 1 ? 'payout' : 'payouts'}`}).click()
    expect(await page.locator('h1').textContent()).toBe('Payouts approved')
  }

  /** The recipient claims from the link in their e-mail (the emulator sends none: the test mints it) by SEPA. */
  async function claimOnPage(payoutId: string, amount: string): Promise<void> {
    const {page} = browser
    const url = await mint(ctx.api, 'payout', {payoutId: payoutId.replace(/^payout_/, ''), redirectUrl: ctx.emu.url})
    await page.context().clearCookies()
    await page.goto(url)
    await signInInBrowser(page)
    await page.getByLabel('Bank transfer (SEPA, IBAN)').check()
    await page.getByRole('button', {name: 'Continue'}).click()
    await page.getByLabel('Account holder name').fill('Ada Lovelace')
    await page.getByLabel('IBAN').fill('DE89370400440532013000')
    await page.getByRole('button', {name: `Claim EUR ${amount}`}).click()
    expect(await page.locator('h1').textContent()).toBe('You have been paid')
  }

  interface Agent {
    session: McpSession
    /** A tool call; every answer is checked for terminal wording. */
    call(tool: string, args?: Record<string, unknown>): Promise<CallToolResult>
    /** Makes the step an answer advised, filling in exactly what it asks to supply. */
    follow(step: Structured, supplied?: Record<string, unknown>): Promise<CallToolResult>
    /** Elicitations the client was sent, and the ids it was told were complete. */
    elicited: Array<Record<string, unknown>>
    completed: string[]
    /** The person's approvals in flight (started from an elicitation). */
    approvals: Array<Promise<void>>
    /** Approves on the page of each URL elicitation from now on, answers decline, or leaves it for later. */
    answer: Answer
    /** How many payouts the next elicited page holds. */
    count: number
  }

  /** One server per kind of client for the file (a test with its own server options starts its own). */
  const shared = new Map<Mode, Agent>()
  const started: McpSession[] = []
  afterAll(async () => {
    await Promise.all(started.map(session => session.close()))
  })

  async function startAgent(mode: Mode, serverArgs: string[] = []): Promise<Agent> {
    const reused = serverArgs.length ? undefined : shared.get(mode)
    if (reused) {
      Object.assign(reused, {elicited: [], completed: [], approvals: [], answer: 'approve', count: 1})
      return reused
    }
    const home = isolatedHome()
    const agent = {elicited: [], completed: [], approvals: [], answer: 'approve', count: 1} as unknown as Agent
    const role: ClientRole =
      mode === 'plain'
        ? {}
        : {
            capabilities: {elicitation: mode === 'form' ? {form: {}} : {url: {}, form: {}}},
            onElicit: async (params): Promise<ElicitResult> => {
              agent.elicited.push(params)
              if (agent.answer === 'decline' || agent.answer === 'cancel') return {action: agent.answer}
              if (agent.answer === 'ignore') return new Promise<ElicitResult>(() => undefined)
              if (agent.answer === 'approve') agent.approvals.push(approveOnPage(String(params.url), agent.count))
              return {action: 'accept'}
            },
            onComplete: id => agent.completed.push(id),
          }
    const session = await startMcp(['--allow-money', ...serverArgs], {...home.env, PAYCTL_ORIGIN: ctx.emu.url}, role)
    agent.session = session
    started.push(session)
    if (!serverArgs.length) shared.set(mode, agent)
    agent.call = async (tool, args = {}) => {
      const result = await session.call(tool, args)
      for (const part of result.content) if (part.type === 'text') expect(part.text).not.toMatch(CLI_WORDING)
      return result
    }
    agent.follow = (step, supplied = {}) => {
      expect((step.supply ?? []).map((entry: Structured) => entry.input).sort()).toEqual(Object.keys(supplied).sort())
      return agent.call(step.tool, {...step.arguments, ...supplied})
    }
    return agent
  }

  /** A payout created and approved, as each kind of client gets there: the answer of the last call. */
  async function createApproved(agent: Agent, mode: Mode, args: Record<string, unknown>): Promise<Structured> {
    const created = ok(await agent.call('payouts_create', args))
    if (mode === 'elicitation') {
      await Promise.all(agent.approvals.splice(0))
      expect(created.approvalUrl).toBeUndefined()
      expect(created.approval).toMatchObject({status: 'decided'})
      expect(agent.completed).toContain(created.approval.elicitationId)
      expect(created.data.status).toBe('approved')
      return created.data
    }
    expect(agent.elicited).toEqual([])
    await approveOnPage(created.approvalUrl, 1)
    const waited = ok(await agent.call('payouts_wait', {id: [created.data.id], until: 'approved'}))
    expect(waited.data[0].status).toBe('approved')
    return waited.data[0]
  }

  const PAYOUT = {
    amount: '42.00',
    currency: 'EUR',
    description: 'Session music',
    email: 'ada@example.com',
    'approval-login-hint': MEMBER,
  }

  /** A counterparty in Germany paid by IBAN, created without its tax identity. */
  const COUNTERPARTY = {
    'first-name': 'Ada',
    'last-name': 'Lovelace',
    line1: 'Unter den Linden 1',
    city: 'Berlin',
    'postal-code': '10117',
    country: 'DE',
    'payment-method': 'bank_iban',
    iban: 'DE89370400440532013000',
    'payment-currency': 'EUR',
  }
  /** What the person tells the agent when asked for the tax identity. */
  const TAX: Record<string, string> = {'tax-id': '12345678901', 'date-of-birth': '1985-12-10'}

  for (const mode of ['elicitation', 'plain'] as const) {
    describe(`a client ${mode === 'plain' ? 'that declares nothing' : 'with URL and form elicitation'}`, () => {
      it('an e-mail payout: created, approved by the person, claimed by the recipient, completed', async () => {
        const agent = await startAgent(mode)
        const approved = await createApproved(agent, mode, PAYOUT)
        expect(agent.session.stderr()).toContain(
          mode === 'plain'
            ? 'payctl-test 1.0.0 does not declare URL elicitation'
            : 'payctl-test 1.0.0 declares URL elicitation: approval pages go to its user',
        )
        if (mode === 'elicitation') {
          expect(agent.elicited[0]).toMatchObject({mode: 'url', url: expect.stringContaining('/hosted/approval/')})
          expect(agent.elicited[0].message).toContain('1 payout of EUR 42.00 to e-mail ada@example.com')
        }
        ok(await agent.call('payouts_send_claim_link', {id: [approved.id]}))
        await claimOnPage(approved.id, '42.00')
        const settled = ok(await agent.call('payouts_wait', {id: [approved.id], timeout: '20s'}))
        expect(settled.data[0]).toMatchObject({id: approved.id, status: 'completed', amount: '42.00'})
      }, 180_000)

      it('a counterparty payout lacking its tax identity: flagged at create with the fix, fixed, approved and paid', async () => {
        const agent = await startAgent(mode)
        const counterparty = ok(await agent.call('counterparties_create', COUNTERPARTY))
        expect(counterparty.data.missing).toEqual(['taxIdentity'])
        expect(counterparty.next[0]).toMatchObject({
          tool: 'counterparties_update',
          arguments: {id: counterparty.data.id},
        })
        const args = {...PAYOUT, email: undefined, counterparty: counterparty.data.id, amount: '25.00'}
        const flagged = ok(await agent.call('payouts_create', args))
        expect(flagged.data.status).toBe('created')
        expect(flagged.approvalUrl).toBeUndefined()
        expect(agent.elicited).toEqual([])
        expect(flagged.warnings.join('\n')).toContain('still needs its taxIdentity')
        const early = (await agent.call('payouts_pay', {id: [flagged.data.id]})).structuredContent as Structured
        expect(early.error).toMatchObject({code: 'INVALID_STATE', next: {tool: 'sessions_approval'}})
        expect(early.error.next.arguments.payout).toEqual([flagged.data.id])
        const [fix, again] = flagged.next
        expect(fix).toMatchObject({tool: 'counterparties_update', arguments: {id: counterparty.data.id}})
        const supplied = Object.fromEntries(fix.supply.map((entry: Structured) => [entry.input, TAX[entry.input]]))
        expect(ok(await agent.follow(fix, supplied)).data.missing ?? []).toEqual([])
        expect(again.tool).toBe('payouts_create')
        const approved = await settle(agent, mode, await agent.follow(again))
        expect(approved.id).toBe(flagged.data.id)
        if (mode === 'plain') await agent.call('payouts_wait', {id: [approved.id], until: 'approved'})
        ok(await agent.call('payouts_pay', {id: [approved.id]}))
        const paid = ok(await agent.call('payouts_wait', {id: [approved.id], timeout: '20s'}))
        expect(paid.data[0]).toMatchObject({id: approved.id, status: 'completed', amount: '25.00'})
      }, 180_000)

      it('a batch of three with one bad row: the refused row names its input and the call that fixes it', async () => {
        const agent = await startAgent(mode)
        const rows = [
          {...PAYOUT, amount: '10.00', email: 'one@example.com', description: 'Row 1'},
          {...PAYOUT, amount: '1.2.3', email: 'two@example.com', description: 'Row 2'},
          {...PAYOUT, amount: '30.00', email: 'three@example.com', description: 'Row 3'},
        ]
        const ids: string[] = []
        for (const row of rows) {
          const result = await agent.call('payouts_create', row)
          if (!result.isError) {
            ids.push((await settle(agent, mode, result)).id)
            continue
          }
          const error = (result.structuredContent as Structured).error
          expect(error).toMatchObject({code: 'USAGE', exitCode: 2})
          expect(error.message).toMatch(/^amount: /)
          expect(error.next).toMatchObject({tool: 'payouts_create', supply: [{input: 'amount'}]})
          expect(error.next.arguments).not.toHaveProperty('amount')
          ids.push((await settle(agent, mode, await agent.follow(error.next, {amount: '20.00'}))).id)
        }
        const all = ok(await agent.call('payouts_wait', {id: ids, until: 'approved'}))
        expect(all.data.map((payout: Structured) => [payout.amount, payout.status])).toEqual([
          ['10.00', 'approved'],
          ['20.00', 'approved'],
          ['30.00', 'approved'],
        ])
      }, 240_000)

      it('a create whose answer was lost: the advised re-run answers the same payout, once', async () => {
        const agent = await startAgent(mode)
        const fault = {method: 'POST', path: '/api/v2/payouts', action: 'status-after-commit', status: 502, count: 50}
        expect((await ctx.api.post('/_emulator/faults', fault)).status).toBe(200)
        const lost = await agent.call('payouts_create', {...PAYOUT, description: 'Lost answer'})
        const error = (lost.structuredContent as Structured).error
        expect(error).toMatchObject({exitCode: 7})
        expect(error.next).toMatchObject({tool: 'payouts_create'})
        expect(error.next.supply).toBeUndefined()
        await ctx.api.delete('/_emulator/faults')
        const payout = await settle(agent, mode, await agent.follow(error.next))
        const list = ok(await agent.call('payouts_list', {limit: 100}))
        expect(list.data.filter((item: Structured) => item.description === 'Lost answer')).toEqual([
          expect.objectContaining({id: payout.id}),
        ])
      }, 180_000)

      it('a wait that times out, then resumes as advised once the person approved', async () => {
        const agent = await startAgent(mode, ['--approval-wait', '2s'])
        agent.answer = 'later'
        const created = ok(await agent.call('payouts_create', {...PAYOUT, description: 'Later'}))
        const id = created.data.id
        let resume: Structured
        if (mode === 'elicitation') {
          expect(created.approval).toMatchObject({status: 'pending'})
          expect(created.data.status).toBe('created')
          expect(created.approvalUrl).toBeUndefined()
          resume = created.next[0]
          await approveOnPage(String(agent.elicited[0].url), 1)
        } else {
          const timedOut = await agent.call('payouts_wait', {id: [id], until: 'approved', timeout: '2s'})
          const error = (timedOut.structuredContent as Structured).error
          expect(error).toMatchObject({code: 'WAIT_TIMEOUT', exitCode: 7})
          resume = error.next
          await approveOnPage(created.approvalUrl, 1)
        }
        expect(resume).toMatchObject({tool: 'payouts_wait', arguments: {id: [id], until: 'approved'}})
        const resumed = ok(await agent.follow(resume))
        expect(resumed.data[0]).toMatchObject({id, status: 'approved'})
      }, 180_000)
    })
  }

  /** A create answer carried to an approved payout, as the client's kind allows. */
  async function settle(agent: Agent, mode: Mode, result: CallToolResult): Promise<Structured> {
    const created = ok(result)
    if (mode === 'elicitation') {
      await Promise.all(agent.approvals.splice(0))
      expect(created.approval).toMatchObject({status: 'decided'})
      return created.data
    }
    await approveOnPage(created.approvalUrl, 1)
    return created.data
  }

  it('the person dismisses the page in their client: APPROVAL_CANCELLED, the payout deleted', async () => {
    const agent = await startAgent('elicitation')
    agent.answer = 'cancel'
    const cancelled = (await agent.call('payouts_create', {...PAYOUT, description: 'Dismissed'})).structuredContent
    expect((cancelled as Structured).error).toMatchObject({code: 'APPROVAL_CANCELLED', exitCode: 5})
    const [id] = (cancelled as Structured).error.data.deleted
    expect((await ctx.api.get(`/api/v2/payouts/${id}`)).status).toBe(404)
  }, 60_000)

  it('a client that leaves the elicitation unanswered: the payout pending, and the step that resumes', async () => {
    const agent = await startAgent('elicitation', ['--approval-wait', '2s'])
    agent.answer = 'ignore'
    const created = ok(await agent.call('payouts_create', {...PAYOUT, description: 'Unanswered'}))
    expect(created.approval).toMatchObject({status: 'pending'})
    expect(created.approvalUrl).toBeUndefined()
    expect(created.next[0]).toMatchObject({tool: 'payouts_wait', arguments: {id: [created.data.id]}})
  }, 60_000)

  it('a client that declares form elicitation only gets approvalUrl: form mode never approves money', async () => {
    const agent = await startAgent('form')
    const created = ok(await agent.call('payouts_create', {...PAYOUT, description: 'Form only'}))
    expect(created.approvalUrl).toMatch(/\/hosted\/approval\//)
    expect(agent.elicited).toEqual([])
    expect(agent.session.stderr()).toContain('does not declare URL elicitation')
  }, 60_000)

  it('a pay the service refuses for a missing tax identity advises the update that fixes it', async () => {
    const agent = await startAgent('plain')
    const counterparty = await ctx.api.counterparty({taxIdentity: undefined})
    const payout = await ctx.api.v2Create({recipient: undefined, counterpartyId: counterparty.id})
    expect((await ctx.api.post(`/api/v2/payouts/${payout.id}/approve`, {})).status).toBe(200)
    const refused = (await agent.call('payouts_pay', {id: [payout.id]})).structuredContent as Structured
    expect(refused.error).toMatchObject({code: 'INVALID_STATE'})
    expect(refused.error.next).toMatchObject({tool: 'counterparties_update', arguments: {id: counterparty.id}})
    expect(refused.error.next.supply.map((entry: Structured) => entry.input)).toContain('tax-id')
  }, 60_000)

  it('the person declines in their client: an error of its own, nothing approved, and the page approves nothing', async () => {
    const agent = await startAgent('elicitation')
    agent.answer = 'decline'
    const declined = await agent.call('payouts_create', {...PAYOUT, description: 'Declined'})
    expect(declined.isError).toBe(true)
    const error = (declined.structuredContent as Structured).error
    expect(error).toMatchObject({code: 'APPROVAL_DECLINED', exitCode: 5})
    const [id] = error.data.deleted
    expect(error.next).toMatchObject({tool: 'payouts_create', supply: [{input: 'idempotency-key'}]})
    const gone = await ctx.api.get(`/api/v2/payouts/${id}`)
    expect(gone.status).toBe(404)
    const {page} = browser
    await page.goto(String(agent.elicited[0].url))
    await signInInBrowser(page, MEMBER)
    expect(await page.getByRole('button', {name: /^Approve/}).count()).toBe(0)
  }, 120_000)
})
