// Start-up benchmark: median wall time of payctl commands against `node -e 0` on the same Node, measured in the
// same run for the npm package on this machine's Node and on Node 24 (the `node@24` npm package, installed once
// by scripts/node24.js; PAYCTL_NODE24=/path/to/node uses another), and for the single executable
// (dist/exe/payctl, made of that Node 24 by `npm run build:exe`; measured when it has been built). Prints one
// table with the ratios, the targets, and the peak RSS of a real call.
import {execFileSync, spawnSync} from 'node:child_process'
import {existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {node24} from '../scripts/node24.js'

const bin = fileURLToPath(new URL('../bin/run.js', import.meta.url))
const exe = fileURLToPath(new URL('../dist/exe/payctl', import.meta.url))
const GNU_TIME = '/usr/bin/time'
const runs = Number(process.env.BENCH_RUNS ?? 15)
const MiB = 1024 * 1024
const RSS_TARGET_MIB = 70

/** Ratio targets: [--version/--help, a real call]. */
const PACKAGE_TARGETS = [2, 3]
const EXE_TARGETS = [1.2, 1.6]

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

function spawnCommand(command, args, env = {}) {
  const result = spawnSync(command, args, {stdio: 'ignore', env: {...process.env, NO_COLOR: '1', ...env}})
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}`)
}

function time(command, args) {
  const samples = []
  for (let i = 0; i < runs + 2; i++) {
    const started = process.hrtime.bigint()
    spawnCommand(command, args)
    if (i >= 2) samples.push(Number(process.hrtime.bigint() - started) / 1e6)
  }
  return median(samples)
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
 * What is measured: the npm package on each Node, then the executable. Each has the Node its `node -e 0` runs
 * on, and how it starts payctl with given arguments.
 */
export function runtimes() {
  const nodes = [process.execPath]
  if (process.versions.node.split('.')[0] !== '24') nodes.push(node24())
  const list = nodes.map(node => {
    const version = execFileSync(node, ['--version'], {encoding: 'utf8'}).trim()
    return {label: `npm package, Node ${version.slice(1)}`, node, command: [node, bin], targets: PACKAGE_TARGETS}
  })
  if (existsSync(exe)) {
    const node = node24()
    const version = execFileSync(node, ['--version'], {encoding: 'utf8'}).trim()
    list.push({label: `executable (Node ${version.slice(1)})`, node, command: [exe], targets: EXE_TARGETS})
  } else console.log('dist/exe/payctl not built (npm run build:exe): the executable is not measured')
  return list
}

export function startupCases() {
  return [
    {name: 'payctl --version', args: ['--version'], kind: 'help'},
    {name: 'payctl --help', args: ['--help'], kind: 'help'},
    {name: 'payctl payouts list --help', args: ['payouts', 'list', '--help'], kind: 'help'},
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
    const baseline = time(runtime.node, ['-e', '0'])
    const [helpTarget, callTarget] = runtime.targets
    const [command, ...prefix] = runtime.command
    const rows = cases.map(c => {
      // A floor is a plain Node script on the runtime's Node, not payctl: it has no target.
      const [program, args] = c.kind === 'floor' ? [runtime.node, c.args] : [command, [...prefix, ...c.args]]
      const ms = time(program, args)
      const target = {call: callTarget, help: helpTarget}[c.kind]
      return {
        ...c,
        ms,
        ratio: ms / baseline,
        target,
        rss: c.kind === 'call' ? peakRssMiB(program, args) : undefined,
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
  const header = results.flatMap(r => [r.runtime.label, 'ratio to `node -e 0` (target)'])
  const row = cells => console.log(`| ${cells.join(' | ')} |`)
  console.log(`start-up, median of ${runs} runs of each; each ratio is to \`node -e 0\` on the Node it runs on`)
  row(['command', ...header])
  row(['---', ...header.map(() => '---')])
  row(['`node -e 0`', ...results.flatMap(r => [`${r.baseline.toFixed(1)} ms`, '1.0'])])
  results[0].rows.forEach((first, i) => {
    const cells = results.flatMap(r => {
      const {ms, ratio, target} = r.rows[i]
      const against = target === undefined ? 'floor, no target' : `${verdict(ratio, target)}x`
      return [`${ms.toFixed(1)} ms`, `${ratio.toFixed(2)} (${against})`]
    })
    row([`\`${first.name}\``, ...cells])
  })
  results[0].rows.forEach((first, i) => {
    if (first.kind !== 'call') return
    const cells = results.flatMap(
      ({
        rows: {
          [i]: {rss},
        },
      }) =>
        rss === undefined
          ? ['n/a', '(no /usr/bin/time)']
          : [`${rss.toFixed(1)} MiB`, `(${verdict(rss, RSS_TARGET_MIB)} MiB)`],
    )
    row([`peak RSS of \`${first.name}\``, ...cells])
  })
}

if (import.meta.url === `file://${process.argv[1]}`) runStartup()
