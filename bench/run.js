// `npm run bench`: every benchmark, each printing ratios against its baseline. `node bench/run.js startup` (after the
// builds) runs the start-up table alone, `node bench/run.js import` the import, dry-run and import-status ones alone,
// `node bench/run.js dry-run` the dry run's alone (after `npm run build`: they run bin/run.js), for repeated runs.
// The start-up table compares with the baseline build of bench/baseline.js (BENCH_BASELINE=<commit-ish> chooses
// another).
import {runDryRunBench} from './dry-run.js'
import {startEmulatorProcess} from './emulator-process.js'
import {RSS_TARGET, runImportBench} from './import.js'
import {runImportStatusBench} from './import-status.js'
import {runStartup} from './startup.js'

const emulator = await startEmulatorProcess()
process.env.PAYCTL_ORIGIN = emulator.url
try {
  const only = process.argv[2]
  if (!only || only === 'startup') await runStartup(emulator)
  if (!only || only === 'import' || only === 'dry-run') {
    const results =
      only === 'dry-run'
        ? await runDryRunBench({emulator})
        : [
            ...(await runImportBench({emulator})),
            ...(await runDryRunBench({emulator})),
            ...(await runImportStatusBench({emulator})),
          ]
    const memory = results.filter(r => r.unit === 'MB')
    console.log(`flat memory (peak RSS of the payctl process, big run / 10,000 rows; target <= ${RSS_TARGET}x):`)
    for (const r of memory) console.log(`  ${r.name}: ${r.ratio.toFixed(2)}x ${r.pass ? 'pass' : 'FAIL'}`)
  }
} finally {
  await emulator.stop()
}
