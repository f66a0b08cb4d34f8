import {describe, expect, it} from 'vitest'
import {FULL} from '../emulator/helpers.js'
import {isolatedHome} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'
import {allPayoutsV2, V2_HEADER} from './helpers.js'

/**
 * `payouts import --wait` follows the rows the import holds (its row store), not the file read once more: rows
 * piped on stdin, which cannot be read twice, are imported and followed to their end.
 */

const ctx = useEmulator()

describe('import --wait from what the import read', () => {
  it('follows rows piped on stdin until their claim links are out', async () => {
    const home = isolatedHome()
    const rows = [1, 2, 3].map(i => `held-${i},Payout ${i},${i}.50,EUR,held${i}@example.com,march`)
    const result = await runCommand(
      ['payouts', 'import', '-', '--and-then', 'send-claim-link', '--wait', '--timeout', '20s'],
      {
        env: {...home.env, PAYCTL_ORIGIN: ctx.emu.url, PAYCTL_API_KEY: FULL},
        input: `${[V2_HEADER, ...rows].join('\n')}\n`,
      },
    )
    expect(result.code, result.stderr).toBe(0)
    const payouts = await allPayoutsV2(ctx.emu.url, FULL)
    expect(payouts.map(p => p.customId).sort()).toEqual(['held-1', 'held-2', 'held-3'])
    // The wait's summary counts the three rows by their payouts' status.
    const statuses = [...new Set(payouts.map(p => p.status))]
    expect(statuses).toHaveLength(1)
    expect(result.stderr).toMatch(new RegExp(`^3 rows:\\n {2}${statuses[0]}\\s+3\\s+7\\.50 EUR$`, 'm'))
  })
})
