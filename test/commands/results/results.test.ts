import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import * as z from 'zod/mini'
import {API_RESULTS} from '../../../src/results/api-results.js'
import {CLI_RESULTS} from '../../../src/results/cli-results.js'
import {isResultName, resultSchema, STREAMED_RESULTS} from '../../../src/results/index.js'
import {PAYOUT_RESULTS} from '../../../src/results/payout-results.js'
import {FULL} from '../../emulator/helpers.js'
import {ROOT} from '../../helpers/cli.js'
import {useEmulator} from '../../helpers/emulator.js'
import {type CommandResult, runCommand} from '../../helpers/run-command.js'
import {OTHER_INVOCATIONS} from './other-invocations.js'
import {PAYOUT_INVOCATIONS} from './payout-invocations.js'

/**
 * Issue #32: every command class declares its result (src/results), its `run()` returns what `--json`
 * prints (byte for byte once serialised as --json serialises it), and that is the declared result, walked over
 * every command of the manifest against the emulator. A streamed result is an item stream: run() returns it unread,
 * the base command writes its items as they come and keeps none of them, so the walk checks that the stream it got
 * back wrote every item --json printed (test/commands/stream-data-runs.test.ts has the items of a run for data).
 */

const manifest = JSON.parse(readFileSync(join(ROOT, 'oclif.manifest.json'), 'utf8')) as {
  commands: Record<string, {result?: string; pluginType?: string}>
}

/** oclif's own plugins: they print text of their own, no data. */
const PLUGIN_COMMANDS = new Set(['help', 'autocomplete', 'autocomplete:create', 'autocomplete:script'])
const INVOCATIONS = {...PAYOUT_INVOCATIONS, ...OTHER_INVOCATIONS}
const ours = Object.keys(manifest.commands).filter(id => !PLUGIN_COMMANDS.has(id))

describe('every command declares its result', () => {
  it('no result name is defined twice across API_RESULTS, PAYOUT_RESULTS and CLI_RESULTS', () => {
    // A name in two parts: the later spread would silently replace the earlier schema.
    const names = [API_RESULTS, PAYOUT_RESULTS, CLI_RESULTS].flatMap(part => Object.keys(part))
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([])
  })

  it('each command of the manifest names a known result and is walked below', () => {
    expect(ours.length).toBeGreaterThan(50)
    for (const id of ours) {
      const declared = manifest.commands[id].result
      expect(isResultName(declared), `${id}: static result "${declared}" is not in src/results`).toBe(true)
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
        const {returned} = run
        expect(z.safeParse(resultSchema(name), returned).error, `${id}: ${JSON.stringify(returned)}`).toBeUndefined()
        return
      }
      const printed = JSON.parse(run.stdout)
      expect(z.safeParse(resultSchema(name), printed).error, `${id}: ${run.stdout.slice(0, 400)}`).toBeUndefined()
      // A run that fails after printing its result (a failed check) returns nothing.
      if (run.code === 0) expectReturnsPrinted(id, name, run, printed)
    })
})

/**
 * `run()` returned what --json printed, byte for byte once serialised; a streamed result, the item stream that
 * printed it, which wrote as many items as --json printed.
 */
function expectReturnsPrinted(id: string, name: string, run: CommandResult, printed: unknown): void {
  const streamed = (STREAMED_RESULTS as readonly string[]).includes(name)
  const returned = run.returned as {itemStream?: boolean; written?: number} | undefined
  expect(returned?.itemStream === true, `${id} returns an item stream exactly when its result is streamed`).toBe(
    streamed,
  )
  if (streamed) expect(returned?.written).toBe(Array.isArray(printed) ? printed.length : 1)
  else expect(`${JSON.stringify(run.returned, null, 2)}\n`, `${id} returns what it prints`).toBe(run.stdout)
}

/**
 * Sends SIGTERM to the command running in this process (runCommand) once it listens for it: a supervisor's stop,
 * after which a long-running command returns its summary. Only the command's own listeners are called: the test
 * runner's stay out of it.
 */
function stopOnceListening(): {cancel(): void} {
  const before = new Set(process.listeners('SIGTERM'))
  const timer = setInterval(() => {
    const added = process.listeners('SIGTERM').filter(listener => !before.has(listener))
    if (!added.length) return
    clearInterval(timer)
    for (const listener of added) listener('SIGTERM')
  }, 20)
  return {cancel: () => clearInterval(timer)}
}
