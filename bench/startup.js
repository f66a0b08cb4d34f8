// Start-up benchmark: this build against the baseline build (bench/baseline.js: the last tag, a given commit, or the
// build before wave 7), both built the same way, in one run. For each runtime (the npm package on this machine's
// Node and on Node 24 — the `node@24` npm package, scripts/node24.js — and this platform's executable when it and
// the baseline's are built) and each command, the new build, the old one and the floors run in turn, round after
// round, each round in a rotated order; every figure is the median over the rounds of the ratio within a round:
//   new/old    the change since the baseline (a regression shows in the run that causes it);
//   /node -e 0 the runtime's own start (Node 24's for the executable);
//   /gh        `gh --version` (Debian's gh), beside the executable;
//   /floor     the same GET as `payouts list --json` by a bare node:http script (bench/call-bare.cjs), on the
//              package's own Node.
// Plus the peak RSS of the executable's real call (GNU time), each executable's file read from disk first (see
// asReadFromDisk). Times vary with the machine's load; ratios within a round much less: the load average is printed
// with the table.
import {execFileSync, spawnSync} from 'node:child_process'
import {existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {loadavg, tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {node24} from '../scripts/node24.js'
import {baselineBuild, baselineCommit, platformName} from './baseline.js'
import {startEmulatorProcess} from './emulator-process.js'

const bin = fileURLToPath(new URL('../bin/run.js', import.meta.url))
const bare = fileURLToPath(new URL('./call-bare.cjs', import.meta.url))
const exe = fileURLToPath(
  new URL(`../dist/exe/payctl-${platformName()}${process.platform === 'win32' ? '.exe' : ''}`, import.meta.url),
)
const GNU_TIME = '/usr/bin/time'
const runs = Number(process.env.BENCH_RUNS ?? 11)
const MiB = 1024 * 1024

/** The targets of issue 52, by runtime kind, case kind and what the figure compares with. */
const TARGETS = {
  exe: {
    old: {version: 1.0, help: 1.0, call: 1.0},
    gh: {version: 0.65, call: 1.0},
    rss: 50,
  },
  node24: {floor: {call: 1.3}},
}

const median = values => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

/** A command line, and what its environment adds. */
const withEnv = (argv, env = {}) => ({argv, env})

function spawnCommand({argv: [command, ...args], env}) {
  const result = spawnSync(command, args, {stdio: 'ignore', env: {...process.env, NO_COLOR: '1', ...env}})
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}`)
}

function once(command) {
  const started = process.hrtime.bigint()
  spawnCommand(command)
  return Number(process.hrtime.bigint() - started) / 1e6
}

/**
 * Runs every command of `commands` (name -> command line with its environment, `withEnv`) once a round, `runs` rounds after one warm-up round,
 * each round in an order rotated by one: the median time of each, and `ratio(a, b)`, the median over the rounds of
 * a's time over b's.
 */
export function alternate(commands) {
  const names = Object.keys(commands)
  const rounds = []
  for (let round = 0; round <= runs; round++) {
    const times = {}
    for (let i = 0; i < names.length; i++) {
      const name = names[(i + round) % names.length]
      times[name] = once(commands[name])
    }
    if (round > 0) rounds.push(times)
  }
  return {
    ms: Object.fromEntries(names.map(name => [name, median(rounds.map(r => r[name]))])),
    ratio: (a, b) => median(rounds.map(r => r[a] / r[b])),
  }
}

/**
 * The executable's file as an installed one is: read from disk, not still in the page cache from being written. A
 * file just written (as the build leaves it) is mapped in larger pieces on each page fault, which adds 3 to 5 MiB to
 * the peak RSS of the same run; the kernel decides that, not the program. `sync FILE`, then coreutils' documented
 * `dd if=FILE iflag=nocache count=0` drops the file's cached pages (Linux; elsewhere nothing is done).
 */
function asReadFromDisk(file) {
  if (process.platform !== 'linux') return
  spawnSync('sync', [file], {stdio: 'ignore'})
  spawnSync('dd', [`if=${file}`, 'iflag=nocache', 'count=0'], {stdio: 'ignore'})
}

/** Peak RSS of a run in MiB (median of five), by GNU time (Debian's `time` package), or undefined without it. */
function peakRssMiB(command) {
  if (!existsSync(GNU_TIME)) return undefined
  asReadFromDisk(command.argv[0])
  const dir = mkdtempSync(join(tmpdir(), 'payctl-rss-'))
  const file = join(dir, 'rss')
  try {
    const samples = []
    for (let i = 0; i < 5; i++) {
      spawnCommand({...command, argv: [GNU_TIME, '-f', '%M', '-o', file, ...command.argv]})
      samples.push((Number(readFileSync(file, 'utf8').trim().split('\n').at(-1)) * 1024) / MiB)
    }
    return median(samples)
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
}

const ghVersion = () => {
  const gh = spawnSync('gh', ['--version'], {encoding: 'utf8'})
  return gh.status === 0 ? gh.stdout.split('\n')[0] : undefined
}

/** What is measured: each runtime's new and old command line, the Node whose `node -e 0` it is compared with. */
export function runtimes(old) {
  const nodes = [process.execPath]
  if (process.versions.node.split('.')[0] !== '24') nodes.push(node24())
  const list = nodes.map(node => {
    const version = execFileSync(node, ['--version'], {encoding: 'utf8'}).trim()
    const kind = version.startsWith('v24.') ? 'node24' : 'node'
    return {label: `npm package, Node ${version.slice(1)}`, kind, node, new: [node, bin], old: [node, old.bin]}
  })
  if (!existsSync(exe)) console.log(`${exe} not built (npm run build:exe): the executable is not measured`)
  else if (!old.exe) console.log(`the baseline has no executable for ${platformName()}: the executable is not measured`)
  else list.push({label: `executable ${platformName()}`, kind: 'exe', node: node24(), new: [exe], old: [old.exe]})
  return list
}

export const STARTUP_CASES = [
  {name: '--version', args: ['--version'], kind: 'version'},
  {name: '--help', args: ['--help'], kind: 'help'},
  {name: 'payouts list --help', args: ['payouts', 'list', '--help'], kind: 'help'},
  {name: 'payouts list --json (emulator)', args: ['payouts', 'list', '--json'], kind: 'call'},
]

/**
 * One runtime's rows: each case against the baseline, `node -e 0`, gh and the floor. `emulators` has the one the
 * new build calls and the one the old build calls (the same unless the old one refuses it).
 */
function measureRuntime(runtime, emulators, gh) {
  const target = emulator => ({PAYCTL_ORIGIN: emulator.url, PAYCTL_API_KEY: emulator.keys.full})
  return STARTUP_CASES.map(c => {
    const commands = {
      new: withEnv([...runtime.new, ...c.args], target(emulators.new)),
      old: withEnv([...runtime.old, ...c.args], target(emulators.old)),
      node: withEnv([runtime.node, '-e', '0']),
    }
    if (gh && runtime.kind === 'exe') commands.gh = withEnv(['gh', '--version'])
    if (c.kind === 'call' && runtime.kind !== 'exe')
      commands.floor = withEnv([runtime.node, bare, emulators.new.url, emulators.new.keys.full])
    const {ms, ratio} = alternate(commands)
    const row = {case: c, ms, old: ratio('new', 'old'), node: ratio('new', 'node')}
    if (commands.gh) row.gh = ratio('new', 'gh')
    if (commands.floor) row.floor = ratio('new', 'floor')
    if (c.kind === 'call' && runtime.kind === 'exe')
      Object.assign(row, {rss: peakRssMiB(commands.new), oldRss: peakRssMiB(commands.old)})
    return row
  })
}

const verdict = (value, target) => (target === undefined ? '' : ` (${value <= target ? '<=' : 'MISSED'} ${target})`)
const ratioCell = (value, target) => (value === undefined ? '' : `${value.toFixed(2)}x${verdict(value, target)}`)

function printRuntime(runtime, rows) {
  const targets = TARGETS[runtime.kind] ?? {}
  const row = cells => console.log(`| ${cells.join(' | ')} |`)
  console.log(`\n${runtime.label}`)
  row(['command', 'new', 'old', 'new/old', 'new / `node -e 0`', 'new / `gh --version`', 'new / floor'])
  row(['---', '---', '---', '---', '---', '---', '---'])
  for (const r of rows) {
    const k = r.case.kind
    row([
      `\`${r.case.name}\``,
      `${r.ms.new.toFixed(1)} ms`,
      `${r.ms.old.toFixed(1)} ms`,
      ratioCell(r.old, targets.old?.[k]),
      ratioCell(r.node),
      ratioCell(r.gh, targets.gh?.[k]),
      ratioCell(r.floor, targets.floor?.[k]),
    ])
  }
  for (const r of rows)
    if (r.rss !== undefined)
      console.log(
        `peak RSS of \`${r.case.name}\` (files read from disk): new ${r.rss.toFixed(1)} MiB${verdict(r.rss, targets.rss)}, old ${r.oldRss.toFixed(1)} MiB`,
      )
}

/**
 * The emulator the old build calls: `emulator` (this build's), unless the old build refuses it (a loopback origin
 * must prove it is an emulator, and the proof may have changed since): then the old build's own, said so.
 */
async function emulatorOfOld(old, emulator) {
  const call = spawnSync(process.execPath, [old.bin, 'payouts', 'list', '--json'], {
    stdio: 'ignore',
    env: {...process.env, PAYCTL_ORIGIN: emulator.url, PAYCTL_API_KEY: emulator.keys.full},
  })
  if (call.status === 0) return {emulator, stop: async () => undefined}
  console.log(`the baseline refuses this build's emulator (exit ${call.status}): the old build calls its own`)
  const own = await startEmulatorProcess(old.bin)
  return {emulator: own, stop: own.stop}
}

/** The start-up table of every runtime against the baseline (built or taken from the cache first). */
export async function runStartup(emulator) {
  const chosen = baselineCommit()
  const old = baselineBuild(chosen)
  const gh = ghVersion()
  console.log(
    `start-up against the baseline ${chosen.ref} (${old.commit.slice(0, 12)}), ${runs} rounds, medians of ratios within a round; gh: ${gh ?? 'not installed'}; load average ${loadavg()[0].toFixed(1)}`,
  )
  const oldTarget = await emulatorOfOld(old, emulator)
  const results = []
  try {
    for (const runtime of runtimes(old)) {
      const rows = measureRuntime(runtime, {new: emulator, old: oldTarget.emulator}, gh)
      printRuntime(runtime, rows)
      results.push({runtime, rows})
    }
  } finally {
    await oldTarget.stop()
  }
  console.log(`(load average at the end ${loadavg()[0].toFixed(1)})`)
  return results
}
