import {describe, expect, it} from 'vitest'
import {FULL} from '../../emulator/helpers.js'
import {useEmulator} from '../../helpers/emulator.js'
import {runCommand} from '../../helpers/run-command.js'
import {PAYOUT_INVOCATIONS} from './payout-invocations.js'

/**
 * Issue #32: a payouts command's `run()` returns what its --json prints, byte for byte once serialised as --json
 * serialises it (lists and streamed arrays included), so a run for data (an MCP tool) gets the same value.
 */
describe('payouts commands return what --json prints', () => {
  const ctx = useEmulator()
  for (const [id, invocation] of Object.entries(PAYOUT_INVOCATIONS))
    it(id, async () => {
      const argv = await invocation.argv(ctx)
      const env = {...ctx.env, PAYCTL_API_KEY: FULL, ...invocation.env?.(ctx)}
      const run = await runCommand([...id.split(':'), ...argv, '--json'], {env})
      expect(run.code, run.stderr).toBe(invocation.exit ?? 0)
      expect(`${JSON.stringify(run.returned, null, 2)}\n`).toBe(run.stdout)
    })
})
