import {writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {runTool} from '../../src/mcp/tool-run.js'
import {payoutsImportStatus} from '../../src/operations/import-status/payouts-import-status.js'
import type {Operation} from '../../src/operations/operation.js'
import {payoutsApprove} from '../../src/operations/payouts/payout-steps.js'
import {payoutsChanges} from '../../src/operations/payouts/payouts-changes.js'
import {payoutsDelete} from '../../src/operations/payouts/payouts-delete.js'
import {payoutsList} from '../../src/operations/payouts/payouts-list.js'
import {apiRequest} from '../../src/operations/raw/raw-request.js'
import {FULL} from '../emulator/helpers.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'

/**
 * Issue 42, "one way out": every command that streams returns an item stream, and the base command alone renders it.
 * A run for data (an agent's tool call on the command's operation, src/mcp/tool-run.ts) gets the items --json
 * prints, collected; a printing run keeps none of them and returns the stream (never `{streamed}`).
 */

describe('a run for data of a streaming command answers the items --json prints', {timeout: 60_000}, () => {
  const ctx = useEmulator()

  /** The command's operation from src, run for its data in this process, as an agent's tool call runs it. */
  async function dataRun(operation: Operation, args: Record<string, unknown>) {
    const saved = {...process.env}
    Object.assign(process.env, ctx.env, {PAYCTL_API_KEY: FULL})
    try {
      const session = {configDir: ctx.env.PAYCTL_CONFIG_DIR, dataDir: ctx.env.PAYCTL_DATA_DIR, version: '0.0.0'}
      const run = await runTool(session, operation, args)
      return {exitCode: run.error?.exitCode ?? 0, data: run.data, error: run.error}
    } finally {
      for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name]
      Object.assign(process.env, saved)
    }
  }

  /** The same command printing under --json: its items, and what run() returned (the stream, that wrote them). */
  const printed = async (argv: string[], exit = 0) => {
    const run = await runCommand([...argv, '--json'], {env: {...ctx.env, PAYCTL_API_KEY: FULL}})
    expect(run.code, run.stderr).toBe(exit)
    const items = run.stdout.startsWith('[')
      ? JSON.parse(run.stdout)
      : run.stdout
          .trim()
          .split('\n')
          .map(line => JSON.parse(line))
    // A run that fails after its list (exit 8) returns nothing.
    if (exit === 0) expect(run.returned).toMatchObject({itemStream: true, written: items.length})
    return items as unknown[]
  }

  it('payouts list, v1 and v2: the payouts; the printing run returned the stream', async () => {
    for (const customId of ['s-1', 's-2', 's-3']) await ctx.api.v2Create({customId})
    for (const [args, argv] of [
      [{limit: 2}, ['--limit', '2']],
      [{api: 'v2', all: true}, ['--api', 'v2', '--all']],
    ] as const) {
      const data = await dataRun(payoutsList, args)
      expect(data.exitCode, JSON.stringify(data.error)).toBe(0)
      expect(data.data).toEqual(await printed(['payouts', 'list', ...argv]))
    }
  })

  it('payouts changes: the changed payouts with their previous status', async () => {
    const created = await ctx.api.v2Create({customId: 'changes-1'})
    const state = join(ctx.home.dir, 'changes.state')
    expect((await dataRun(payoutsChanges, {'since-state': state})).data).toEqual([])
    await ctx.api.post(`/api/v2/payouts/${created.id}/approve`)
    const data = await dataRun(payoutsChanges, {'since-state': state})
    expect(data.exitCode, JSON.stringify(data.error)).toBe(0)
    expect(data.data).toEqual([
      expect.objectContaining({id: created.id, status: 'approved', previousStatus: 'created'}),
    ])
    const added = await ctx.api.v2Create({customId: 'changes-2'})
    const changed = await printed(['payouts', 'changes', '--since-state', state])
    expect(changed).toEqual([expect.objectContaining({id: added.id, previousStatus: null})])
  })

  it('api --paginate: every item of every page', async () => {
    for (const customId of ['p-1', 'p-2']) await ctx.api.v2Create({customId})
    const argv = ['GET', '/api/v2/payouts', '--paginate', '-f', 'limit=1']
    const data = await dataRun(apiRequest, {
      method: 'GET',
      path: '/api/v2/payouts',
      paginate: true,
      'raw-field': ['limit=1'],
    })
    expect(data.exitCode, JSON.stringify(data.error)).toBe(0)
    const lines = (await printed(['api', ...argv])) as Array<{customId: string}>
    expect(lines.map(p => p.customId).sort()).toEqual(['p-1', 'p-2'])
    expect(data.data).toEqual(lines)
  })

  it('payouts approve and delete: what each call applied', async () => {
    const [a, b] = [await ctx.api.v2Create({customId: 'ap-1'}), await ctx.api.v2Create({customId: 'ap-2'})]
    const approved = await dataRun(payoutsApprove, {id: [a.id, b.id]})
    expect(approved.exitCode, JSON.stringify(approved.error)).toBe(0)
    expect(approved.data).toEqual([
      expect.objectContaining({id: a.id, status: 'approved'}),
      expect.objectContaining({id: b.id, status: 'approved'}),
    ])
    const c = await ctx.api.v2Create({customId: 'del-1'})
    const deleted = await dataRun(payoutsDelete, {id: [c.id]})
    expect(deleted.exitCode, JSON.stringify(deleted.error)).toBe(0)
    expect(deleted.data).toEqual([expect.objectContaining({id: c.id})])
    const d = await ctx.api.v2Create({customId: 'del-2'})
    expect(await printed(['payouts', 'delete', d.id])).toEqual([expect.objectContaining({id: d.id})])
    const [e, f] = [await ctx.api.v2Create({customId: 'ap-3'}), await ctx.api.v2Create({customId: 'ap-4'})]
    expect(await printed(['payouts', 'approve', e.id, f.id])).toEqual([
      expect.objectContaining({id: e.id, status: 'approved'}),
      expect.objectContaining({id: f.id, status: 'approved'}),
    ])
  })

  it('payouts import-status: the rows, and the rows with the error when some did not go through', async () => {
    const file = join(ctx.home.dir, 'payouts.csv')
    writeFileSync(file, 'amount,currency,recipient_email,description\n10.00,EUR,a@example.com,May\n')
    const data = await dataRun(payoutsImportStatus, {file})
    expect(data.exitCode).toBe(8)
    expect(data.data).toEqual([expect.objectContaining({line: 2, status: 'not-imported'})])
    expect(await printed(['payouts', 'import-status', file], 8)).toEqual(data.data)
  })
})
