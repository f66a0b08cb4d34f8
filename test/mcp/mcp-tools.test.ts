import {mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {LOCAL_EMULATOR} from '../../src/shared/local-emulator.js'
import {isolatedHome, runCli} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {type McpSession, ok, type Structured, useMcpSessions} from './mcp-client.js'

const MONEY_TOOLS = ['payouts_approve', 'payouts_pay', 'payouts_create_and_move_money']
const PAYOUT = {amount: '12.50', currency: 'EUR', description: 'Cover art', email: 'ada@example.com'}

/** `payctl mcp` driven by the SDK's own client over stdio, against the emulator on a random port. */
describe('payctl mcp', {timeout: 120_000}, () => {
  const ctx = useEmulator()
  const mcp = useMcpSessions()
  let session: McpSession | undefined

  const local = () => {
    const home = isolatedHome()
    return {home, env: {...home.env, PAYCTL_ORIGIN: ctx.emu.url}}
  }
  const toolNames = async (s: McpSession) => (await s.client.listTools()).tools.map(tool => tool.name)
  const auditLines = (dataDir: string) =>
    readFileSync(join(dataDir, 'mcp-audit.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map(line => JSON.parse(line))

  it('offers read, write and emulator tools by default, each with its hints, and no money tool', async () => {
    session = await mcp([], local().env)
    const {tools} = await session.client.listTools()
    const names = tools.map(tool => tool.name)
    expect(names).toEqual(expect.arrayContaining(['payouts_get', 'payouts_list', 'payouts_wait', 'payouts_create']))
    expect(names).toEqual(expect.arrayContaining(['team_accounts', 'sessions_approval', 'emulator_deliveries']))
    for (const name of [...MONEY_TOOLS, 'emulator_claim', 'emulator_trigger', 'payouts_import_status'])
      expect(names).not.toContain(name)
    for (const tool of tools) {
      expect(typeof tool.annotations?.readOnlyHint, tool.name).toBe('boolean')
      expect(typeof tool.annotations?.destructiveHint, tool.name).toBe('boolean')
      expect(typeof tool.annotations?.idempotentHint, tool.name).toBe('boolean')
      expect(tool.outputSchema, tool.name).toBeDefined()
    }
    const create = tools.find(tool => tool.name === 'payouts_create')!
    expect(create.inputSchema.required).toEqual(expect.arrayContaining(['amount', 'currency', 'description']))
    const inputs = Object.keys(create.inputSchema.properties ?? {})
    expect(inputs).toEqual(expect.arrayContaining(['custom-id', 'counterparty', 'approval-login-hint']))
    for (const name of ['and-then', 'pre-approved', 'yes', 'wait', 'json', 'profile'])
      expect(inputs).not.toContain(name)
    expect(tools.find(tool => tool.name === 'payouts_get')!.annotations?.readOnlyHint).toBe(true)
    expect(tools.find(tool => tool.name === 'payouts_delete')!.annotations?.destructiveHint).toBe(true)
  })

  it('offers the money tools with --allow-money on a sandbox profile', async () => {
    session = await mcp(['--allow-money'], local().env)
    expect(await toolNames(session)).toEqual(
      expect.arrayContaining([...MONEY_TOOLS, 'emulator_claim', 'emulator_trigger']),
    )
  })

  it('on production: no money tools without the profile setting, even with --allow-money; both keys offer them', async () => {
    const {env} = isolatedHome()
    const add = await runCli(['profiles', 'add', 'prod', '--environment', 'production', '--origin', ctx.emu.url], {env})
    expect(add.code, add.stderr).toBe(0)
    const prodEnv = {...env, PAYCTL_API_KEY: LOCAL_EMULATOR.fullKey}
    session = await mcp(['--profile', 'prod', '--allow-money'], prodEnv)
    let names = await toolNames(session)
    for (const name of MONEY_TOOLS) expect(names).not.toContain(name)
    expect(names).not.toContain('emulator_claim')
    expect(session.stderr()).toContain('payctl profiles set prod --allow-agent-money')
    await session.close()

    const set = await runCli(['profiles', 'set', 'prod', '--allow-agent-money'], {env})
    expect(set.code, set.stderr).toBe(0)
    session = await mcp(['--profile', 'prod'], prodEnv)
    names = await toolNames(session)
    for (const name of MONEY_TOOLS) expect(names).not.toContain(name)
    await session.close()

    session = await mcp(['--profile', 'prod', '--allow-money'], prodEnv)
    expect(await toolNames(session)).toEqual(expect.arrayContaining(MONEY_TOOLS))
  })

  it('money tools: the balance warning reaches the agent; approve applies once; a pre-approved create gets a custom-id', async () => {
    const {home, env} = local()
    session = await mcp(['--allow-money'], env)
    const short = await session.call('payouts_create_and_move_money', {
      ...PAYOUT,
      amount: '20000.00',
      'pre-approved': true,
    })
    expect(short.isError).toBe(true)
    const answer = short.structuredContent as Structured
    expect(answer.warnings.join('\n')).toMatch(/available/i)
    expect(answer.error).toMatchObject({code: 'INSUFFICIENT_BALANCE', exitCode: 6})
    const approved = ok(await session.call('payouts_create_and_move_money', {...PAYOUT, 'pre-approved': true}))
    expect(approved.data.status).toBe('approved')
    expect(approved.data.customId).toMatch(/^mcp-[0-9a-f]{64}$/)
    const pending = ok(await session.call('payouts_create', {...PAYOUT, description: 'To approve'})).data
    const first = ok(await session.call('payouts_approve', {id: [pending.id]}))
    expect(first.data.status).toBe('approved')
    const again = ok(await session.call('payouts_approve', {id: [pending.id]}))
    expect(again.data).toMatchObject({id: pending.id, status: 'approved'})
    const eur = ok(await session.call('team_accounts')).data.find((a: Structured) => a.currency === 'EUR')
    expect(eur.balance.reserved).toBe('25.00')
    const audit = auditLines(home.env.PAYCTL_DATA_DIR).filter(line => line.tool === 'payouts_approve')
    expect(audit.map(line => line.idempotencyKey)).toEqual([audit[0].idempotencyKey, audit[0].idempotencyKey])
  })

  it('approve with skip-conflicts (a money tool: only with --allow-money) answers what it approved and what it skipped', async () => {
    const {env} = local()
    session = await mcp(['--allow-money'], env)
    const first = ok(await session.call('payouts_create', {...PAYOUT, description: 'First'})).data
    const second = ok(await session.call('payouts_create', {...PAYOUT, description: 'Second'})).data
    ok(await session.call('payouts_approve', {id: [second.id]}))
    const answer = ok(await session.call('payouts_approve', {id: [first.id, second.id], 'skip-conflicts': true}))
    expect(answer.data.map((p: Structured) => [p.id, p.status])).toEqual([[first.id, 'approved']])
    expect(answer.skipped).toEqual([
      {id: second.id, status: 'approved', kind: 'conflict', reason: 'is approved; only created payouts are approved'},
    ])
  })

  it('a retried create makes one payout; the answer carries an approval URL', async () => {
    const {home, env} = local()
    session = await mcp([], env)
    const first = ok(await session.call('payouts_create', PAYOUT))
    const again = ok(
      await session.call('payouts_create', {
        description: 'Cover art',
        email: 'ada@example.com',
        currency: 'EUR',
        amount: '12.50',
      }),
    )
    expect(again.data.id).toBe(first.data.id)
    expect(first.data.amount).toBe('12.50')
    expect(first.approvalUrl).toMatch(new RegExp(`^${ctx.emu.url}/hosted/approval/`))
    const list = ok(await session.call('payouts_list', {limit: 100}))
    expect(list.data.filter((p: {description: string}) => p.description === 'Cover art')).toHaveLength(1)
    expect(list.nextCursor).toBeNull()
    const other = ok(await session.call('payouts_create', {...PAYOUT, 'idempotency-key': 'second-invoice'}))
    expect(other.data.id).not.toBe(first.data.id)
    const page = ok(await session.call('payouts_list', {limit: 1}))
    expect(page.data).toHaveLength(1)
    expect(typeof page.nextCursor).toBe('string')
    const next = ok(await session.call('payouts_list', {limit: 1, cursor: page.nextCursor}))
    expect(next.data[0].id).not.toBe(page.data[0].id)
    const audit = auditLines(home.env.PAYCTL_DATA_DIR)
    expect(audit[0].idempotencyKey).toMatch(/^mcp-[0-9a-f]{64}$/)
    expect(audit[1].idempotencyKey).toBe(audit[0].idempotencyKey)
    expect(audit[3].idempotencyKey).not.toBe(audit[0].idempotencyKey)
  })

  it('two sessions (two agents) making the identical create get two payouts; one client key in both gets one', async () => {
    const {env} = local()
    const one = await mcp([], env)
    const two = await mcp([], env)
    const first = ok(await one.call('payouts_create', PAYOUT)).data
    expect(ok(await one.call('payouts_create', PAYOUT)).data.id).toBe(first.id)
    expect(ok(await two.call('payouts_create', PAYOUT)).data.id).not.toBe(first.id)
    const keyed = {...PAYOUT, description: 'Keyed', 'idempotency-key': 'invoice-7'}
    const fromOne = ok(await one.call('payouts_create', keyed)).data
    expect(ok(await two.call('payouts_create', keyed)).data.id).toBe(fromOne.id)
  })

  it('counterparties_list returns a bounded page and the cursor to the next one', async () => {
    for (let i = 0; i < 3; i++) await ctx.api.counterparty({customId: `mcp-cp-${i}`, email: `cp${i}@example.com`})
    session = await mcp([], local().env)
    const page = ok(await session.call('counterparties_list', {limit: 1}))
    expect(page.data).toHaveLength(1)
    expect(typeof page.nextCursor).toBe('string')
    const next = ok(await session.call('counterparties_list', {limit: 1, cursor: page.nextCursor}))
    expect(next.data).toHaveLength(1)
    expect(next.data[0].id).not.toBe(page.data[0].id)
    const rest = ok(await session.call('counterparties_list', {limit: 100, cursor: next.nextCursor}))
    expect(rest.data).toHaveLength(1)
    expect(rest.nextCursor).toBeNull()
  })

  it('bad input is a tool error naming the field, from the schema and from the command', async () => {
    session = await mcp([], local().env)
    const missing = await session.call('payouts_create', {currency: 'EUR', description: 'x', email: 'a@example.com'})
    expect(missing.isError).toBe(true)
    expect(JSON.stringify(missing.content)).toContain('amount')
    const bad = await session.call('payouts_create', {...PAYOUT, amount: '12.5.0'})
    expect(bad.isError).toBe(true)
    const error = (bad.structuredContent as Structured).error
    expect(error).toMatchObject({code: 'USAGE', exitCode: 2})
    expect(error.message).toMatch(/^amount: /)
    const page = await session.call('payouts_list', {limit: 5000})
    expect(page.isError).toBe(true)
    expect(JSON.stringify(page.content)).toContain('limit')
    const unknown = await session.call('payouts_get', {id: ['payout_00000000-0000-4000-8000-000000000000']})
    expect(unknown.structuredContent?.error).toMatchObject({exitCode: 4})
  })

  it('answers every call in flight when the client closes stdin, then exits', async () => {
    const messages = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {name: 'pipe', version: '1'}},
      },
      {jsonrpc: '2.0', method: 'notifications/initialized'},
      {jsonrpc: '2.0', id: 2, method: 'tools/list'},
      {jsonrpc: '2.0', id: 3, method: 'tools/call', params: {name: 'team_accounts', arguments: {}}},
    ]
    const result = await runCli(['mcp'], {
      env: local().env,
      input: messages.map(m => `${JSON.stringify(m)}\n`).join(''),
    })
    expect(result.code, result.stderr).toBe(0)
    const answers = result.stdout
      .trim()
      .split('\n')
      .map(line => JSON.parse(line))
    expect(answers.map(answer => answer.id)).toEqual([1, 2, 3])
    expect(answers[2].result.structuredContent.data[0].balance.available).toMatch(/^\d+\.\d{2}$/)
  })

  it('reads files only inside the folder the person named with --files-dir', async () => {
    const {home, env} = local()
    const folder = join(home.dir, 'files')
    const outside = join(home.dir, 'victim.csv')
    mkdirSync(folder)
    const csv = 'customId,amount,currency,description,email\nv1,1.00,EUR,x,a@example.com\n'
    writeFileSync(outside, csv)
    writeFileSync(join(folder, 'mine.csv'), csv)
    symlinkSync(outside, join(folder, 'link.csv'))
    session = await mcp(['--files-dir', folder], env)
    for (const file of ['../victim.csv', outside, 'link.csv']) {
      const refused = await session.call('payouts_import_status', {file})
      expect(refused.structuredContent?.error, file).toMatchObject({
        code: 'USAGE',
        message: expect.stringMatching(/outside/),
      })
    }
    const inside = await session.call('payouts_import_status', {file: 'mine.csv'})
    expect(inside.structuredContent).toMatchObject({data: [{customId: 'v1', status: 'not-imported'}]})
  })

  it('answers 100 concurrent calls correctly, and the audit log holds every call and no secret', async () => {
    const {home, env} = local()
    session = await mcp([], env)
    const created: Structured[] = []
    for (let i = 0; i < 5; i++)
      created.push(ok(await session.call('payouts_create', {...PAYOUT, description: `Burst ${i}`})).data)
    const answers = await Promise.all(
      Array.from({length: 100}, (_, i) => session!.call('payouts_get', {id: [created[i % 5].id]})),
    )
    answers.forEach((answer, i) => {
      expect(ok(answer).data.id).toBe(created[i % 5].id)
      expect(ok(answer).data.description).toBe(`Burst ${i % 5}`)
    })
    await session.call('payouts_get', {id: ['not-an-id']})
    const audit = auditLines(home.env.PAYCTL_DATA_DIR)
    expect(audit).toHaveLength(106)
    expect(audit.filter(line => line.tool === 'payouts_get' && line.outcome === 'ok')).toHaveLength(100)
    expect(audit.at(-1)).toMatchObject({tool: 'payouts_get', outcome: 'error', error: {code: 'USAGE'}})
    expect(audit[0]).toMatchObject({
      profile: 'local',
      tool: 'payouts_create',
      arguments: {amount: '12.50'},
      outcome: 'ok',
    })
    const text = readFileSync(join(home.env.PAYCTL_DATA_DIR, 'mcp-audit.jsonl'), 'utf8')
    expect(text).not.toContain(LOCAL_EMULATOR.fullKey)
    expect(text).not.toContain('/hosted/approval/')
    expect(statSync(join(home.env.PAYCTL_DATA_DIR, 'mcp-audit.jsonl')).mode & 0o777).toBe(0o600)
  })
})
