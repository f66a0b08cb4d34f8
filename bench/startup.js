// Start-up benchmark: median wall time of payctl commands against `node -e 0` on the same Node, measured in the
// same run on this machine's Node and on Node 24 (the `node@24` npm package, installed once into a temporary
// folder as .ci/node-matrix.sh does; BENCH_NODE24=/path/to/node uses another). Prints one table with the ratios,
// the targets, and the peak RSS of a real call.
import {execFileSync, spawnSync} from 'node:child_process'
import {existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

const bin = fileURLToPath(new URL('../bin/run.js', import.meta.url))
const peakRss = fileURLToPath(new URL('./peak-rss.js', import.meta.url))
const runs = Number(process.env.BENCH_RUNS ?? 15)
const MiB = 1024 * 1024
const RSS_TARGET_MIB = 70

/** Ratio targets per Node major: [--version/--help, a real call]. */
const TARGETS = {20: [2, 3], 24: [2.5, 4]}
const targetsOf = major => TARGETS[major] ?? TARGETS[24]

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

function spawnNode(node, args, env = {}) {
  const result = spawnSync(node, args, {stdio: 'ignore', env: {...process.env, NO_COLOR: '1', ...env}})
  if (result.status !== 0) throw new Error(`${node} ${args.join(' ')} exited ${result.status}`)
}

function time(node, args) {
  const samples = []
  for (let i = 0; i < runs + 2; i++) {
    const started = process.hrtime.bigint()
    spawnNode(node, args)
    if (i >= 2) samples.push(Number(process.hrtime.bigint() - started) / 1e6)
  }
  return median(samples)
}

function peakRssMiB(node, args) {
  const dir = mkdtempSync(join(tmpdir(), 'payctl-rss-'))
  const file = join(dir, 'rss')
  try {
    const samples = []
    for (let i = 0; i < 5; i++) {
      spawnNode(node, ['--import', peakRss, ...args], {BENCH_RSS_FILE: file})
      samples.push(Number(readFileSync(file, 'utf8')) / MiB)
    }
    return median(samples)
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
}

/** Node 24 from the npm registry (the `node@24` package), cached in the temporary folder between runs. */
function node24() {
  if (process.env.BENCH_NODE24) return process.env.BENCH_NODE24
  const dir = join(tmpdir(), 'payctl-bench-node24')
  const node = join(dir, 'node_modules', 'node', 'bin', 'node')
  if (!existsSync(node)) {
    console.log('installing node@24 from the npm registry into', dir)
    execFileSync('npm', ['install', '--prefix', dir, '--no-audit', '--no-fund', '--no-save', 'node@24'], {
      stdio: 'ignore',
    })
  }
  return node
}

export function runtimes() {
  const list = [{node: process.execPath, version: process.version}]
  if (process.versions.node.split('.')[0] !== '24') {
    const node = node24()
    list.push({node, version: execFileSync(node, ['--version'], {encoding: 'utf8'}).trim()})
  }
  return list.map(runtime => ({...runtime, major: Number(runtime.version.slice(1).split('.')[0])}))
}

export function startupCases() {
  return [
    {name: 'payctl --version', args: [bin, '--version'], kind: 'help'},
    {name: 'payctl --help', args: [bin, '--help'], kind: 'help'},
    {name: 'payctl payouts list --help', args: [bin, 'payouts', 'list', '--help'], kind: 'help'},
  ]
}

/** Measures every case on every runtime; a case of kind 'call' also gets its peak RSS measured. */
export function runStartup(extraCases = []) {
  const list = runtimes()
  const cases = [...startupCases(), ...extraCases]
  const results = list.map(runtime => {
    const baseline = time(runtime.node, ['-e', '0'])
    const [helpTarget, callTarget] = targetsOf(runtime.major)
    const rows = cases.map(c => {
      const ms = time(runtime.node, c.args)
      const target = c.kind === 'call' ? callTarget : helpTarget
      return {
        ...c,
        ms,
        ratio: ms / baseline,
        target,
        rss: c.kind === 'call' ? peakRssMiB(runtime.node, c.args) : undefined,
      }
    })
    return {runtime, baseline, rows}
  })
  printTable(results)
  return results
}

/** The table: one markdown row per command, a time and a ratio column per Node, then the peak RSS. */
function printTable(results) {
  const verdict = (value, target) => `${value <= target ? '<=' : 'MISSED'} ${target}`
  const header = results.flatMap(r => [`Node ${r.runtime.version.slice(1)}`, 'ratio to `node -e 0` (target)'])
  const row = cells => console.log(`| ${cells.join(' | ')} |`)
  console.log(`start-up, median of ${runs} runs on each Node`)
  row(['command', ...header])
  row(['---', ...header.map(() => '---')])
  row(['`node -e 0`', ...results.flatMap(r => [`${r.baseline.toFixed(1)} ms`, '1.0'])])
  results[0].rows.forEach((first, i) => {
    const cells = results.flatMap(r => {
      const {ms, ratio, target} = r.rows[i]
      return [`${ms.toFixed(1)} ms`, `${ratio.toFixed(2)} (${verdict(ratio, target)}x)`]
    })
    row([`\`${first.name}\``, ...cells])
  })
  results[0].rows.forEach((first, i) => {
    if (first.rss === undefined) return
    const cells = results.flatMap(r => [
      `${r.rows[i].rss.toFixed(1)} MiB`,
      `(${verdict(r.rows[i].rss, RSS_TARGET_MIB)} MiB)`,
    ])
    row([`peak RSS of \`${first.name}\``, ...cells])
  })
}

if (import.meta.url === `file://${process.argv[1]}`) runStartup()
