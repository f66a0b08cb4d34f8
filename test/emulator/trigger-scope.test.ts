import {describe, expect, it} from 'vitest'
import {DEFAULT} from '../emulator/helpers.js'
import {isolatedHome} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'

/**
 * `emulator trigger payout.completed` with a key without payouts:approve (issue #34, item 11): the payout it
 * created is named, with its state and how to remove it, and the exit code stays the scope's (3).
 */

const ctx = useEmulator()
const home = isolatedHome()

describe('emulator trigger without payouts:approve', () => {
  it('names the payout it left behind, its state and how to remove it (exit 3)', async () => {
    const result = await runCommand(['emulator', 'trigger', 'payout.completed'], {
      env: {...home.env, PAYCTL_ORIGIN: ctx.emu.url, PAYCTL_API_KEY: DEFAULT},
    })
    expect(result.code).toBe(3)
    const left = (await ctx.api.get('/api/v2/payouts')).body.data as Array<{id: string; status: string}>
    expect(left).toHaveLength(1)
    expect(left[0].status).toBe('created')
    expect(result.stderr).toContain(`Error: INSUFFICIENT_SCOPE: payout ${left[0].id} was created and left created:`)
    expect(result.stderr).toContain('payouts:approve')
    expect(result.stderr).toContain(`remove it with "payctl payouts delete ${left[0].id}"`)
  })
})
