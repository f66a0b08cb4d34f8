// import-status benchmark (ratios, not timed tests):
// - `payouts import-status` of 100,000 imported rows (every payout read by customId, 16 at a time) vs a bare
//   undici script reading the same payouts at the same concurrency (target: within 1.3x);
// - its peak RSS vs that of a 10,000-row file (memory flat in file size; target: within 1.1x). The payctl
//   process's own: the emulator runs in another process.
// Size: BENCH_STATUS_ROWS (1,000,000 takes about ten minutes more: the rows are imported first, then read).
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {startEmulatorProcess} from './emulator-process.js'
import {compareRuns, line, RSS_TARGET, reset, run, writeFiles} from './import.js'

const bin = fileURLToPath(new URL('../bin/run.js', import.meta.url))
const bare = fileURLToPath(new URL('./status-bare.js', import.meta.url))
const ROWS = Number(process.env.BENCH_STATUS_ROWS ?? 100_000)
const SMALL_ROWS = 10_000
const CONCURRENCY = 16

const fmt = n => n.toLocaleString('en-US')

export async function runImportStatusBench({emulator} = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'payctl-bench-status-'))
  const own = emulator ? undefined : await startEmulatorProcess()
  const target = emulator ?? own
  const results = []
  try {
    console.log(`import-status (${fmt(ROWS)} rows), files in ${dir}`)
    const big = join(dir, 'big.csv')
    const small = join(dir, 'small.csv')
    await writeFiles(ROWS, big)
    await writeFiles(SMALL_ROWS, small)
    const env = {
      PAYCTL_ORIGIN: target.url,
      PAYCTL_API_KEY: target.keys.full,
      PAYCTL_CONFIG_DIR: join(dir, 'config'),
      PAYCTL_DATA_DIR: join(dir, 'data'),
    }
    await reset(target.url)
    await run([bin, 'payouts', 'import', big, '--json'], {env})
    const status = (file, rss) =>
      run([bin, 'payouts', 'import-status', file, '--output', 'jsonl', '--concurrency', String(CONCURRENCY)], {
        env,
        rssFile: join(dir, rss),
      })
    const runBare = () => run([bare, String(ROWS), target.url, target.keys.full, String(CONCURRENCY)])
    await runBare()
    const compared = await compareRuns(`payouts import-status, ${fmt(ROWS)} rows`, 1.3, {
      ours: () => status(big, 'rss-big'),
      bare: runBare,
    })
    results.push(...compared)
    const peak = Math.max(...compared.runs.payctl.map(r => r.rss))
    await run([bin, 'payouts', 'import', small, '--json'], {env})
    const smallRun = await status(small, 'rss-small')
    results.push(
      line(
        `peak RSS of import-status, ${fmt(ROWS)} vs ${fmt(SMALL_ROWS)} rows`,
        peak / 1e6,
        smallRun.rss / 1e6,
        'MB',
        RSS_TARGET,
        [fmt(ROWS), fmt(SMALL_ROWS)],
      ),
    )
    return results
  } finally {
    await own?.stop()
    rmSync(dir, {recursive: true, force: true})
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runImportStatusBench()
