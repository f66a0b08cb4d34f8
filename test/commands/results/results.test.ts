import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import * as z from 'zod/mini'
import {isResultName, resultSchema} from '../../../src/contract/results/index.js'
import {FULL} from '../../emulator/helpers.js'
import {ROOT} from '../../helpers/cli.js'
import {useEmulator} from '../../helpers/emulator.js'
import {runCommand} from '../../helpers/run-command.js'
import {OTHER_INVOCATIONS, OTHERS_PENDING} from './other-invocations.js'
import {PAYOUT_INVOCATIONS, PAYOUTS_PENDING} from './payout-invocations.js'

/**
 * Issue #32: every command class declares its result (src/contract/results), and what `--json` prints is that
 * result, walked over every command of the manifest against the emulator.
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
      const stop = invocation.form === 'stopped' ? stopOnceListening() : undefined
      const run = await runCommand([...id.split(':'), ...argv, '--json'], {env, input: invocation.input}).finally(() =>
        stop?.cancel(),
      )
      expect(run.code, run.stderr).toBe(invocation.exit ?? 0)
      const name = manifest.commands[id].result
      if (!isResultName(name)) throw new Error(`${id} declares no result`)
      if (invocation.form) {
        const value = run.value
        expect(z.safeParse(resultSchema(name), value).error, `${id}: ${JSON.stringify(value)}`).toBeUndefined()
        return
      }
      const printed = JSON.parse(run.stdout)
      expect(z.safeParse(resultSchema(name), printed).error, `${id}: ${run.stdout.slice(0, 400)}`).toBeUndefined()
      // What --json printed is what run() returned (a failed run returns nothing).
      if (run.code === 0) expect(run.value, id).toEqual(printed)
    })
})

/**
 * SIGTERM to this process once the command in it listens for SIGTERM (runCommand runs it in-process): a supervisor's
 * stop, after which a long-running command returns its summary.
 */
function stopOnceListening(): {cancel(): void} {
  const before = new Set(process.listeners('SIGTERM'))
  const timer = setInterval(() => {
    // Only the command's own listeners: the test runner's stay out of it.
    const added = process.listeners('SIGTERM').filter(listener => !before.has(listener))
    if (!added.length) return
    clearInterval(timer)
    for (const listener of added) listener('SIGTERM')
  }, 20)
  return {cancel: () => clearInterval(timer)}
}
