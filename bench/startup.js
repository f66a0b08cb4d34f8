// Start-up benchmark: median wall time of payctl commands against `node -e 0`, measured in the same run.
// Prints ratios (DESIGN.md target: --version and --help within 2.5x of node -e 0).
import {spawnSync} from 'node:child_process'
import {fileURLToPath} from 'node:url'

const bin = fileURLToPath(new URL('../bin/run.js', import.meta.url))
const runs = Number(process.env.BENCH_RUNS ?? 15)

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

function time(args) {
  const samples = []
  for (let i = 0; i < runs + 2; i++) {
    const started = process.hrtime.bigint()
    const result = spawnSync(process.execPath, args, {stdio: 'ignore', env: {...process.env, NO_COLOR: '1'}})
    const ms = Number(process.hrtime.bigint() - started) / 1e6
    if (result.status !== 0) throw new Error(`${args.join(' ')} exited ${result.status}`)
    if (i >= 2) samples.push(ms)
  }
  return median(samples)
}

export function startupCases() {
  return [
    ['payctl --version', [bin, '--version']],
    ['payctl --help', [bin, '--help']],
    ['payctl payouts list --help', [bin, 'payouts', 'list', '--help']],
  ]
}

export function runStartup(extraCases = []) {
  const baseline = time(['-e', '0'])
  console.log(`startup (median of ${runs}): node -e 0 = ${baseline.toFixed(1)} ms`)
  const rows = []
  for (const [name, args, budget = 2.5] of [...startupCases(), ...extraCases]) {
    const ms = time(args)
    const ratio = ms / baseline
    rows.push({name, ms, ratio, budget})
    console.log(`  ${name.padEnd(42)} ${ms.toFixed(1).padStart(7)} ms  ${ratio.toFixed(2)}x  (target <= ${budget}x)`)
  }
  return rows
}

if (import.meta.url === `file://${process.argv[1]}`) runStartup()
