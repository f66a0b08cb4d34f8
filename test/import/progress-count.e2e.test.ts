import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {isolatedHome, runCli} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {writeCsv} from './helpers.js'

/**
 * The progress lines of an import whose chunks finish together (--concurrency 8): each line's count of rows
 * done is bigger than the one before, never the same twice. The built CLI in a process of its own (stderr not a
 * terminal) against the emulator.
 */

const emulator = useEmulator({reset: false})

describe('the progress counter', () => {
  it('1,600 rows, 8 chunks in flight: 16 lines, each count bigger than the last, the last one 1,600', async () => {
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
    expect(counts).toHaveLength(16)
    expect(counts.every((n, i) => i === 0 || n > counts[i - 1])).toBe(true)
    expect(counts.at(-1)).toBe(1600)
  }, 120_000)
})
