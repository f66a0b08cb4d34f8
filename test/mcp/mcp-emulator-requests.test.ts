import {describe, expect, it} from 'vitest'
import {isolatedHome} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {ok, type Structured, useMcpSessions} from './mcp-client.js'

/**
 * Issue 50 item 5: `emulator_requests`, added by docs/development.md's "Adding a tool" (a row of TOOLS): the
 * emulator's request log through the official SDK client, which lists the tools first. An agent gets the log so
 * far, once: following is not its to ask for.
 */
describe('payctl mcp: emulator_requests', {timeout: 120_000}, () => {
  const ctx = useEmulator()
  const mcp = useMcpSessions()

  it('is an emulator tool that reads, takes no input, and answers the requests the emulator answered so far', async () => {
    const session = await mcp([], {...isolatedHome().env, PAYCTL_ORIGIN: ctx.emu.url})
    const {tools} = await session.client.listTools()
    const tool = tools.find(candidate => candidate.name === 'emulator_requests')
    expect(tool?.annotations).toMatchObject({readOnlyHint: true, destructiveHint: false, idempotentHint: true})
    expect(tool?.inputSchema.properties ?? {}).toEqual({})
    expect(tool?.outputSchema).toBeDefined()

    const before: Structured[] = ok(await session.call('emulator_requests')).data
    ok(await session.call('team_get'))
    const after: Structured[] = ok(await session.call('emulator_requests')).data
    const fresh = after.filter(entry => entry.seq > (before.at(-1)?.seq ?? 0))
    expect(fresh).toEqual(
      expect.arrayContaining([
        expect.objectContaining({method: 'GET', status: 200, requestId: expect.any(String), ms: expect.any(Number)}),
      ]),
    )
    expect(after.map(entry => entry.seq)).toEqual([...after.map(entry => entry.seq)].sort((a, b) => a - b))

    const follow = await session.call('emulator_requests', {follow: true})
    expect(follow.isError).toBe(true)
    expect((follow.structuredContent as Structured).error).toMatchObject({code: 'USAGE'})
  })
})
