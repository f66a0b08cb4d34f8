// `npm run bench`: every benchmark, each printing ratios against its baseline.
import {fileURLToPath} from 'node:url'
import {startEmulatorProcess} from './emulator-process.js'
import {runImportBench} from './import.js'
import {runImportStatusBench} from './import-status.js'
import {runStartup} from './startup.js'

const bin = fileURLToPath(new URL('../bin/run.js', import.meta.url))
const emulator = await startEmulatorProcess()
process.env.PAYCTL_ORIGIN = emulator.url
try {
  // A real call: payouts list --json against the emulator (target: within 4x of node -e 0).
  runStartup([['payctl payouts list --json (emulator)', [bin, 'payouts', 'list', '--json'], 4]])
  await runImportBench({emulator})
  await runImportStatusBench({emulator})
} finally {
  await emulator.stop()
}
