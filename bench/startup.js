// Start-up benchmark: wall time of payctl commands against `node -e 0` on Node 24 (the `node@24` npm package,
// installed once by scripts/node24.js; PAYCTL_NODE24=/path/to/node uses another), each case run alternately with
// that baseline in the same run, the ratio the median of the pairs' ratios. Measured: the npm package on this
// machine's Node (against its own `node -e 0`) and on Node 24, and this platform's executable
// (dist/exe/payctl-<platform>, `npm run build:exe`; measured when it has been built); `gh --version` beside it when
// gh is installed. Prints one table with the ratios, the targets, and the peak RSS of a real call.
import {execFileSync, spawnSync} from 'node:child_process'
import {existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {node24} from '../scripts/node24.js'

const bin = fileURLToPath(new URL('../bin/run.js', import.meta.url))
const platform = `${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`
const exe = fileURLToPath(
  new URL(`../dist/exe/payctl-${platform}${process.platform === 'win32' ? '.exe' : ''}`, import.meta.url),
)
const GNU_TIME = '/usr/bin/time'
const runs = Number(process.env.BENCH_RUNS ?? 15)
const MiB = 1024 * 1024

/** Targets by kind of case: ratios to `node -e 0`, and the peak RSS of the real call in MiB (issue 33). */
const PACKAGE_TARGETS = {version: 2, call: 4}
const EXE_TARGETS = {version: 1.1, help: 1.3, call: 1.8, rss: 60}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

function spawnCommand(command, args, env = {}) {
  const result = spawnSync(command, args, {stdio: 'ignore', env: {...process.env, NO_COLOR: '1', ...env}})
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}`)
}

function once(command, args) {
  const started = process.hrtime.bigint()
  spawnCommand(command, args)
  return Number(process.hrtime.bigint() - started) / 1e6
}

/** `command` and `node -e 0` in turn, two warm-up pairs first: the median time and the median of the ratios. */
function time(command, args, node) {
  const times = []
  const ratios = []
  for (let i = 0; i < runs + 2; i++) {
    const ms = once(command, args)
    const baseline = once(node, ['-e', '0'])
    if (i < 2) continue
    times.push(ms)
    ratios.push(ms / baseline)
  }
  return {ms: median(times), ratio: median(ratios)}
}

/** Peak RSS of a run in MiB, by GNU time (/usr/bin/time, Debian's `time` package), or undefined without it. */
function peakRssMiB(command, args) {
  if (!existsSync(GNU_TIME)) return undefined
  const dir = mkdtempSync(join(tmpdir(), 'payctl-rss-'))
  const file = join(dir, 'rss')
  try {
    const samples = []
    for (let i = 0; i < 5; i++) {
      spawnCommand(GNU_TIME, ['-f', '%M', '-o', file, command, ...args])
      samples.push((Number(readFileSync(file, 'utf8').trim().split('\n').at(-1)) * 1024) / MiB)
    }
    return median(samples)
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
}

/**
 * What is measured: the npm package on each Node, the executable, and gh when installed. Each has the Node whose
 * `node -e 0` it is compared with, how it starts with given arguments, and its targets.
 */
export function runtimes() {
  const nodes = [process.execPath]
  if (process.versions.node.split('.')[0] !== '24') nodes.push(node24())
  const list = nodes.map(node => {
    const version = execFileSync(node, ['--version'], {encoding: 'utf8'}).trim()
    const targets = version.startsWith('v24.') ? PACKAGE_TARGETS : {}
    return {label: `npm package, Node ${version.slice(1)}`, node, command: [node, bin], targets}
  })
  const node = node24()
  if (existsSync(exe)) list.push({label: `executable ${platform}`, node, command: [exe], targets: EXE_TARGETS})
  else console.log(`${exe} not built (npm run build:exe): the executable is not measured`)
  const gh = spawnSync('gh', ['--version'], {stdio: 'ignore'})
  if (gh.status === 0) list.push({label: 'gh (for comparison)', node, command: ['gh'], targets: {}, only: 'version'})
  return list
}

export function startupCases() {
  return [
    {name: '--version', args: ['--version'], kind: 'version'},
    {name: '--help', args: ['--help'], kind: 'help'},
    {name: 'payouts list --help', args: ['payouts', 'list', '--help'], kind: 'help'},
  ]
}

/**
 * Measures every case on every runtime; a case of kind 'call' also gets its peak RSS measured, and one of kind
 * 'floor' runs its arguments on the runtime's Node (what the same work costs without payctl).
 */
export function runStartup(extraCases = []) {
  const list = runtimes()
  const cases = [...startupCases(), ...extraCases]
  const results = list.map(runtime => {
    const [command, ...prefix] = runtime.command
    const rows = cases.map(c => {
      if (runtime.only && c.kind !== runtime.only) return {...c}
      // A floor is a plain Node script on the runtime's Node, not payctl: it has no target.
      const [program, args] = c.kind === 'floor' ? [runtime.node, c.args] : [command, [...prefix, ...c.args]]
      return {
        ...c,
        ...time(program, args, runtime.node),
        target: runtime.targets[c.kind],
        rss: c.kind === 'call' ? peakRssMiB(program, args) : undefined,
        rssTarget: runtime.targets.rss,
      }
    })
    return {runtime, rows}
  })
  printTable(results)
  return results
}

/** One markdown row per command, a time and a ratio column per runtime, then the peak RSS. */
function printTable(results) {
  const verdict = (value, target) => (target === undefined ? '' : ` (${value <= target ? '<=' : 'MISSED'} ${target})`)
  const header = results.flatMap(r => [r.runtime.label, 'ratio (target)'])
  const row = cells => console.log(`| ${cells.join(' | ')} |`)
  console.log(
    `start-up, median of ${runs} alternating runs; each ratio is to \`node -e 0\` on the Node the package runs on (Node 24 for the executable and gh)`,
  )
  row(['payctl', ...header])
  row(['---', ...header.map(() => '---')])
  results[0].rows.forEach((first, i) => {
    const cells = results.flatMap(({rows: {[i]: r}}) =>
      r.ms === undefined ? ['', ''] : [`${r.ms.toFixed(1)} ms`, `${r.ratio.toFixed(2)}x${verdict(r.ratio, r.target)}`],
    )
    row([`\`${first.name}\``, ...cells])
  })
  results[0].rows.forEach((first, i) => {
    if (first.kind !== 'call') return
    const cells = results.flatMap(({rows: {[i]: r}}) =>
      r.rss === undefined ? ['', ''] : [`${r.rss.toFixed(1)} MiB`, verdict(r.rss, r.rssTarget)],
    )
    row([`peak RSS of \`${first.name}\``, ...cells])
  })
}

if (import.meta.url === `file://${process.argv[1]}`) runStartup()
