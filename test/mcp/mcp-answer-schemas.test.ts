import {createServer} from 'node:net'
import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js'
import {describe, expect, it} from 'vitest'
import {isolatedHome} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {ok, type Structured, useMcpSessions} from './mcp-client.js'

const PAYOUT = {amount: '12.50', currency: 'EUR', description: 'Cover art', email: 'ada@example.com'}

/** A loopback port nothing listens on: a stopped service. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const {port} = server.address() as {port: number}
  await new Promise(resolve => server.close(resolve))
  return port
}

/** An error answer as an agent reads it: isError, "CODE: message" first in the text, and the structured error. */
function refusal(result: CallToolResult, code: string) {
  expect(result.isError, JSON.stringify(result)).toBe(true)
  const text = (result.content[0] as {text: string}).text
  expect(text.startsWith(`${code}: `), text).toBe(true)
  expect((result.structuredContent as Structured).error).toMatchObject({code})
  return text.split('\n')[0]
}

/**
 * Issue #39: the SDK's client (which lists the tools first, mcp-client.ts) checks every structured answer against
 * the output schema tools/list announced and throws McpError -32602 on a misfit. Each answer below must reach the
 * test as a result, error or not.
 */
describe('payctl mcp: every answer fits the schema tools/list announced', {timeout: 120_000}, () => {
  const ctx = useEmulator()
  const mcp = useMcpSessions()
  const env = () => ({...isolatedHome().env, PAYCTL_ORIGIN: ctx.emu.url})

  it('types each input from its flag: integers with their bounds, booleans, options as enums; nothing else', async () => {
    const session = await mcp(['--allow-money'], env())
    const {tools} = await session.client.listTools()
    const input = (tool: string) => tools.find(t => t.name === tool)!.inputSchema as Structured
    expect(input('payouts_list').properties.limit).toMatchObject({type: 'integer', minimum: 1, maximum: 100})
    expect(input('payouts_list').additionalProperties).toBe(false)
    expect(input('payouts_approve').properties['skip-conflicts']).toMatchObject({type: 'boolean'})
    expect(input('payouts_wait').properties.until.enum).toEqual(['settled', 'paid', 'approved', 'claim-link'])
    expect(input('payouts_create').properties.amount).toMatchObject({type: 'string'})
    const output = tools.find(t => t.name === 'payouts_get')!.outputSchema as Structured
    expect(output.properties.error.required).toEqual(['code', 'message', 'exitCode'])
    const page = ok(await session.call('payouts_list', {limit: 2}))
    expect(Array.isArray(page.data)).toBe(true)
  })

  it('a refused amount, an unknown payout and an update under approval reach the agent as errors with their code', async () => {
    const session = await mcp([], env())
    expect(refusal(await session.call('payouts_create', {...PAYOUT, amount: '1.2.3'}), 'USAGE')).toContain('amount')
    const unknown = await session.call('payouts_get', {id: ['payout_00000000-0000-4000-8000-000000000000']})
    expect(refusal(unknown, 'PAYOUT_NOT_FOUND')).toContain('payout_00000000-0000-4000-8000-000000000000')
    const created = ok(await session.call('payouts_create', PAYOUT))
    expect(created.approvalUrl).toEqual(expect.any(String))
    const update = await session.call('payouts_update', {id: created.data.id, amount: '60.00'})
    expect(refusal(update, 'APPROVAL_REQUESTED')).toContain(created.data.id)
  })

  it('arguments outside the schema: each refused input named, a misspelt one with the name it meant', async () => {
    const session = await mcp([], env())
    const misspelt = refusal(await session.call('payouts_create', {...PAYOUT, ammount: '5.00'}), 'USAGE')
    expect(misspelt).toContain('ammount: not an input of this tool; did you mean amount?')
    const typed = refusal(await session.call('payouts_list', {limit: '2', 'clear-tags': 1}), 'USAGE')
    expect(typed).toMatch(/^USAGE: limit: .*clear-tags: not an input/)
    expect(refusal(await session.call('payouts_list', {limit: 5000}), 'USAGE')).toContain('limit')
  })

  it('a time-out, a stopped service and a tool behind the money gate are errors that fit too', async () => {
    const stoppedEnv = {...isolatedHome().env, PAYCTL_ORIGIN: `http://127.0.0.1:${await closedPort()}`}
    const [session, stopped] = await Promise.all([mcp([], env()), mcp([], stoppedEnv)])
    // The stopped service's call retries with back-off meanwhile.
    const stoppedAnswer = stopped.call('team_get')
    const created = ok(await session.call('payouts_create', PAYOUT))
    const waited = await session.call('payouts_wait', {id: [created.data.id], timeout: '1s'})
    expect(waited.isError).toBe(true)
    expect((waited.structuredContent as Structured).error).toMatchObject({code: 'WAIT_TIMEOUT', exitCode: 7})
    expect(refusal(await session.call('payouts_pay', {id: [created.data.id]}), 'TOOL_NOT_SERVED')).toContain(
      'allows money tools',
    )
    const answer = await stoppedAnswer
    expect(answer.isError).toBe(true)
    expect((answer.structuredContent as Structured).error.exitCode).toBe(7)
  })
})
