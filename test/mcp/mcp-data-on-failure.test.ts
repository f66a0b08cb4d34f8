import {describe, expect, it} from 'vitest'
import {counterpartyBody} from '../emulator/helpers.js'
import {isolatedHome} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'
import {type McpSession, type Structured, useMcpSessions} from './mcp-client.js'

const FAILING_METHOD = {
  type: 'bank_iban',
  iban: 'DE89370400440532013000',
  currency: 'EUR',
  accountHolderName: 'SANDBOX FAIL Grace',
}

/**
 * Issue #32: a command that shows its result and then fails (exit 8) answers the result with the error, in a run
 * for data as under --json: the agent sees which payout failed and how.
 */
describe('a tool whose command fails after showing its result', {timeout: 120_000}, () => {
  const ctx = useEmulator()
  const mcp = useMcpSessions()
  let session: McpSession | undefined

  it('payouts_wait of a failed payout: exit 8, and the payout as --json prints it', async () => {
    const counterpartyId = (await ctx.api.counterparty(counterpartyBody({paymentMethod: FAILING_METHOD}))).id
    const payout = await ctx.api.v2Create({recipient: undefined, counterpartyId})
    expect((await ctx.api.post(`/api/v2/payouts/${payout.id}/approve`, {andThen: 'pay'})).status).toBe(200)
    const env = {...isolatedHome().env, PAYCTL_ORIGIN: ctx.emu.url}
    const printed = await runCommand(['payouts', 'wait', payout.id, '--timeout', '10s', '--json'], {env})
    expect(printed.code, printed.stderr).toBe(8)
    session = await mcp([], env)
    const answer = await session.call('payouts_wait', {id: [payout.id], timeout: '10s'})
    expect(answer.isError).toBe(true)
    const structured = answer.structuredContent as Structured
    expect(structured.error).toMatchObject({code: 'PAYOUT_FAILED', exitCode: 8})
    expect(structured.data).toEqual(JSON.parse(printed.stdout))
    expect(structured.data[0]).toMatchObject({id: payout.id, status: 'failed', failureCode: 'account_closed'})
  })
})
