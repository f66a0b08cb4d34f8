import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {STREAMED_RESULTS} from '../../../src/contract/results/index.js'
import {FULL} from '../../emulator/helpers.js'
import {ROOT} from '../../helpers/cli.js'
import {useEmulator} from '../../helpers/emulator.js'
import {runCommand} from '../../helpers/run-command.js'
import {PAYOUT_INVOCATIONS} from './payout-invocations.js'

const manifest = JSON.parse(readFileSync(join(ROOT, 'oclif.manifest.json'), 'utf8')) as {
  commands: Record<string, {result?: string}>
}
const streamed = (id: string) => (STREAMED_RESULTS as readonly string[]).includes(manifest.commands[id].result ?? '')

/**
 * Issue #32: a payouts command's `run()` returns what its --json prints, byte for byte once serialised as --json
 * serialises it, so a run for data (an MCP tool) gets the same value. A streamed list (written page by page) keeps
 * none of its items when it prints them and returns their count instead (test/mcp/mcp-data-path.test.ts has the
 * items of a run for data).
 */
describe('payouts commands return what --json prints', () => {
  const ctx = useEmulator()
  for (const [id, invocation] of Object.entries(PAYOUT_INVOCATIONS))
    it(id, async () => {
      const argv = await invocation.argv(ctx)
      const env = {...ctx.env, PAYCTL_API_KEY: FULL, ...invocation.env?.(ctx)}
      const run = await runCommand([...id.split(':'), ...argv, '--json'], {env})
      expect(run.code, run.stderr).toBe(invocation.exit ?? 0)
      if (streamed(id)) expect(run.returned).toEqual({streamed: JSON.parse(run.stdout).length})
      else expect(`${JSON.stringify(run.returned, null, 2)}\n`).toBe(run.stdout)
    })
})
