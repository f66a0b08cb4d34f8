import {writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {Config} from '@oclif/core/config'
import {describe, expect, it} from 'vitest'
import {runForData} from '../../src/cli/data-run.js'
import Api from '../../src/commands/api.js'
import PayoutsApprove from '../../src/commands/payouts/approve.js'
import PayoutsChanges from '../../src/commands/payouts/changes.js'
import PayoutsDelete from '../../src/commands/payouts/delete.js'
import PayoutsImportStatus from '../../src/commands/payouts/import-status.js'
import PayoutsList from '../../src/commands/payouts/list.js'
import {FULL} from '../emulator/helpers.js'
import {ROOT} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'

/**
 * Issue 42, "one way out": every command that streams returns an item stream, and the base command alone renders it.
 * A run for data (an MCP tool, src/cli/data-run.ts) gets the items --json prints, collected, where a printing run
 * returned only their count before; a printing run keeps none of them and returns the stream (never `{streamed}`).
 */

type CommandClass = {run(argv: string[], config: Config): Promise<unknown>}

describe('a run for data of a streaming command answers the items --json prints', {timeout: 60_000}, () => {
  const ctx = useEmulator()

  /** The command from src, run for its data in this process (the data run's sink is src's own). */
  async function dataRun(command: CommandClass, argv: string[]) {
    const saved = {...process.env}
    Object.assign(process.env, ctx.env, {PAYCTL_API_KEY: FULL})
    try {
      const config = await Config.load(ROOT)
      const runner = {runCommand: (_id: string, args: string[]) => command.run(args, config)} as unknown as Config
      return await runForData(runner, 'command', argv)
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
    for (const argv of [
      ['--limit', '2'],
      ['--api', 'v2', '--all'],
    ]) {
      const data = await dataRun(PayoutsList, argv)
      expect(data.exitCode, JSON.stringify(data.error)).toBe(0)
      expect(data.data).toEqual(await printed(['payouts', 'list', ...argv]))
    }
  })

  it('payouts changes: the changed payouts with their previous status', async () => {
    const created = await ctx.api.v2Create({customId: 'changes-1'})
    const state = join(ctx.home.dir, 'changes.state')
    expect((await dataRun(PayoutsChanges, ['--since-state', state])).data).toEqual([])
    await ctx.api.post(`/api/v2/payouts/${created.id}/approve`)
    const data = await dataRun(PayoutsChanges, ['--since-state', state])
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
    const data = await dataRun(Api, argv)
    expect(data.exitCode, JSON.stringify(data.error)).toBe(0)
    const lines = (await printed(['api', ...argv])) as Array<{customId: string}>
    expect(lines.map(p => p.customId).sort()).toEqual(['p-1', 'p-2'])
    expect(data.data).toEqual(lines)
  })

  it('payouts approve and delete: what each call applied', async () => {
    const [a, b] = [await ctx.api.v2Create({customId: 'ap-1'}), await ctx.api.v2Create({customId: 'ap-2'})]
    const approved = await dataRun(PayoutsApprove, [a.id, b.id])
    expect(approved.exitCode, JSON.stringify(approved.error)).toBe(0)
    expect(approved.data).toEqual([
      expect.objectContaining({id: a.id, status: 'approved'}),
      expect.objectContaining({id: b.id, status: 'approved'}),
    ])
    const c = await ctx.api.v2Create({customId: 'del-1'})
    const deleted = await dataRun(PayoutsDelete, [c.id])
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
    const data = await dataRun(PayoutsImportStatus, [file])
    expect(data.exitCode).toBe(8)
    expect(data.data).toEqual([expect.objectContaining({line: 2, status: 'not-imported'})])
    expect(await printed(['payouts', 'import-status', file], 8)).toEqual(data.data)
  })
})
