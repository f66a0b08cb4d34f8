import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import * as z from 'zod/mini'
import {isResultName, resultSchema, STREAMED_RESULTS} from '../../../src/contract/results/index.js'
import {FULL} from '../../emulator/helpers.js'
import {ROOT} from '../../helpers/cli.js'
import {useEmulator} from '../../helpers/emulator.js'
import {runCommand} from '../../helpers/run-command.js'
import {OTHER_INVOCATIONS, OTHERS_PENDING} from './other-invocations.js'
import {PAYOUT_INVOCATIONS, PAYOUTS_PENDING} from './payout-invocations.js'

/**
 * Issue #32: every command class declares its result (src/contract/results), its `run()` returns what `--json`
 * prints (byte for byte once serialised as --json serialises it), and that is the declared result, walked over
 * every command of the manifest against the emulator. A streamed list keeps none of its items when it prints them
 * and returns their count instead (test/mcp/mcp-data-path.test.ts has the items of a run for data).
 */

const manifest = JSON.parse(readFileSync(join(ROOT, 'oclif.manifest.json'), 'utf8')) as {
  commands: Record<string, {result?: string; pluginType?: string}>
}

/** oclif's own plugins: they print text of their own, no data. */
const PLUGIN_COMMANDS = new Set(['help', 'autocomplete', 'autocomplete:create', 'autocomplete:script'])
const INVOCATIONS = {...PAYOUT_INVOCATIONS, ...OTHER_INVOCATIONS}
const PENDING = new Set([...PAYOUTS_PENDING, ...OTHERS_PENDING])
const ours = Object.keys(manifest.commands).filter(id => !PLUGIN_COMMANDS.has(id))

describe('every command declares its result', () => {
  it('each command of the manifest names a known result and is walked below, or is still pending', () => {
    expect(ours.length).toBeGreaterThan(50)
    for (const id of ours) {
      const declared = manifest.commands[id].result
      if (PENDING.has(id)) {
        expect(declared, `${id} declares its result: take it off the pending list`).toBeUndefined()
        continue
      }
      expect(isResultName(declared), `${id}: static result "${declared}" is not in src/contract/results`).toBe(true)
      expect(INVOCATIONS[id], `${id}: no invocation in the result walk`).toBeDefined()
    }
    for (const id of Object.keys(INVOCATIONS)) expect(ours, id).toContain(id)
  })
})

describe('--json prints the declared result', () => {
  const ctx = useEmulator()
  for (const [id, invocation] of Object.entries(INVOCATIONS))
    it(id, async () => {
      const argv = await invocation.argv(ctx)
      const env = {...ctx.env, PAYCTL_API_KEY: FULL, ...invocation.env?.(ctx)}
      const run = await runCommand([...id.split(':'), ...argv, '--json'], {env})
      expect(run.code, run.stderr).toBe(invocation.exit ?? 0)
      const name = manifest.commands[id].result
      if (!isResultName(name)) throw new Error(`${id} declares no result`)
      const printed = JSON.parse(run.stdout)
      expect(z.safeParse(resultSchema(name), printed).error, `${id}: ${run.stdout.slice(0, 400)}`).toBeUndefined()
      if ((STREAMED_RESULTS as readonly string[]).includes(name))
        expect(run.returned).toEqual({streamed: Array.isArray(printed) ? printed.length : 1})
      else expect(`${JSON.stringify(run.returned, null, 2)}\n`, `${id} returns what it prints`).toBe(run.stdout)
    })
})
