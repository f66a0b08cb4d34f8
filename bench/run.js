// `npm run bench`: every benchmark, each printing ratios against its baseline.
import {startEmulatorProcess} from './emulator-process.js'
import {runImportBench} from './import.js'
import {runImportStatusBench} from './import-status.js'
import {runStartup} from './startup.js'

const emulator = await startEmulatorProcess()
process.env.PAYCTL_ORIGIN = emulator.url
try {
  // A real call against the emulator (targets in startup.js).
  runStartup([{name: 'payctl payouts list --json (emulator)', args: ['payouts', 'list', '--json'], kind: 'call'}])
  await runImportBench({emulator})
  await runImportStatusBench({emulator})
} finally {
  await emulator.stop()
}
