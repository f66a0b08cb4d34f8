import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {isolatedHome, runCli} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {writeCsv} from './helpers.js'

/**
 * The progress lines of an import without a terminal (a cron log): at most one every 10% of the rows (and every
 * 10 seconds, which this short run may never reach), each line's count of rows done bigger than the one before,
 * also when chunks finish together (--concurrency 8). The built CLI in a process of its own (stderr not a
 * terminal) against the emulator.
 */

const emulator = useEmulator({reset: false})

describe('the progress counter', () => {
  it('1,600 rows in 16 chunks, 8 in flight: at most 10 lines, each count bigger than the last', async () => {
    const home = isolatedHome()
    const file = join(home.dir, 'many.csv')
    writeCsv(file, 1600, {prefix: 'progress'})
    const result = await runCli(['payouts', 'import', file, '--concurrency', '8'], {
      env: {...home.env, PAYCTL_ORIGIN: emulator.url},
      timeoutMs: 90_000,
    })
    expect(result.code, result.stderr).toBe(0)
    const counts = [...result.stderr.matchAll(/^chunk \d+, lines \d+-\d+: .*\(([\d,]+)\/1,600 rows\)$/gm)].map(m =>
      Number(m[1].replace(/,/g, '')),
    )
    expect(counts.length).toBeLessThanOrEqual(10)
    expect(counts.every((n, i) => i === 0 || n >= counts[i - 1] + 160)).toBe(true)
    expect(result.stdout).toMatch(/^ {2}Created: +1,600$/m)
  }, 120_000)
})
