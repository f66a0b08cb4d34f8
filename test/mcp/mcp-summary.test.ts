import {describe, expect, it} from 'vitest'
import {FULL} from '../emulator/helpers.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'

/**
 * Issue #32: `payctl mcp` returns, once its client went away, what it served and how many tool calls it answered
 * (docs/decisions.md, "#32 typed results"). In-process, the client is stdin: initialize, tools/list, two calls, then its end.
 */

const message = (body: Record<string, unknown>) => `${JSON.stringify({jsonrpc: '2.0', ...body})}\n`

describe('mcp: the summary it returns', () => {
  const ctx = useEmulator()

  it('counts the tool calls it answered, and names the profile and tool groups it served', async () => {
    const input = [
      message({
        id: 1,
        method: 'initialize',
        params: {protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {name: 'summary', version: '1'}},
      }),
      message({method: 'notifications/initialized'}),
      message({id: 2, method: 'tools/list'}),
      message({id: 3, method: 'tools/call', params: {name: 'team_get', arguments: {}}}),
      message({id: 4, method: 'tools/call', params: {name: 'counterparties_countries', arguments: {}}}),
    ].join('')
    const run = await runCommand(['mcp'], {env: {...ctx.env, PAYCTL_API_KEY: FULL}, input})
    expect(run.code, run.stderr).toBe(0)
    const answered = run.stdout
      .trim()
      .split('\n')
      .map(line => JSON.parse(line))
    // Both calls answered before the server closed (the client's end came with the calls still in flight).
    expect(answered.map(answer => answer.id).sort()).toEqual([1, 2, 3, 4])
    expect(run.returned).toMatchObject({profile: 'local', calls: 2, groups: expect.arrayContaining(['read'])})
  })
})
