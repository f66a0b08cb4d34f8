// The dry run's benchmark (issue 52, item 4), ratios only, against csv-parse alone reading the same file
// (bench/csv-parse-alone.js):
// - `payouts import FILE --dry-run` of 300,000 rows as a user runs it: a profile added with `profiles add` and its
//   key stored with `auth login --with-api-key`, no PAYCTL_ORIGIN or PAYCTL_API_KEY, the emulator on its random
//   127.0.0.1 port answering the currency and balance checks (target: within 1.3x);
// - the same with --offline (within 1.2x);
// - `--dry-run --offline` of 1,000,000 rows (within 1.5x);
// - peak RSS of the 1,000,000-row dry run, online and offline, against a 10,000-row one (flat: within 1.1x).
// Every round runs each command once, in an order rotated by one; a time ratio is the median over the rounds of the
// ratio within a round (the machine's load moves it much less than the times), a memory ratio the median peak over
// the median peak. BENCH_DRYRUN_ROUNDS (default 7) sets the rounds of the 300,000-row figures, 3 the rest.
import {spawnSync} from 'node:child_process'
import {mkdtempSync, rmSync} from 'node:fs'
import {loadavg, tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {startEmulatorProcess} from './emulator-process.js'
import {line, RSS_TARGET, run, writeFiles} from './import.js'

const bin = fileURLToPath(new URL('../bin/run.js', import.meta.url))
const csvParseAlone = fileURLToPath(new URL('./csv-parse-alone.js', import.meta.url))
const CHECKED_ROWS = Number(process.env.BENCH_CHECKED_ROWS ?? 300_000)
const BIG_ROWS = Number(process.env.BENCH_DRYRUN_ROWS ?? 1_000_000)
const SMALL_ROWS = 10_000
const ROUNDS = Number(process.env.BENCH_DRYRUN_ROUNDS ?? 7)

const fmt = n => n.toLocaleString('en-US')
const median = values => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const seconds = ms => (ms / 1000).toFixed(2)

/** What overrides a profile: a user's shell has none of it. */
const OVERRIDES = ['PAYCTL_ORIGIN', 'PAYCTL_API_KEY', 'PAYCTL_PROFILE']

/** `profiles add` and `auth login --with-api-key` (the key on stdin), as a user sets a profile up. */
function addProfile(env, emulator) {
  const childEnv = {...process.env, ...env}
  for (const name of OVERRIDES) delete childEnv[name]
  const payctl = (args, input) => {
    const result = spawnSync(process.execPath, [bin, ...args], {env: childEnv, input, encoding: 'utf8'})
    if (result.status !== 0) throw new Error(`payctl ${args.join(' ')} exited ${result.status}: ${result.stderr}`)
    return result.stdout
  }
  payctl(['profiles', 'add', 'bench', '--environment', 'sandbox', '--origin', emulator.url, '--use'])
  payctl(['auth', 'login', '--with-api-key'], `${emulator.keys.full}\n`)
  return payctl
}

/**
 * Runs each command (name -> run function answering {ms, cpuMs, rss}) once a round, `rounds` rounds (after a warm-up
 * one with `warmUp`), each round in an order rotated by one. Answers every round's results by name.
 */
async function rotate(commands, rounds, warmUp = true) {
  const names = Object.keys(commands)
  const results = []
  for (let round = warmUp ? 0 : 1; round <= rounds; round++) {
    const times = {}
    for (let i = 0; i < names.length; i++) {
      const name = names[(i + round) % names.length]
      times[name] = await commands[name]()
    }
    if (round > 0) results.push(times)
  }
  return results
}

/** The median ratio within a round of `ours` to `base`, by `key` (ms: wall time, cpuMs: CPU time). */
const ratioOf = (rounds, ours, base, key) => median(rounds.map(r => r[ours][key] / r[base][key]))

function timeLine(name, rounds, ours, base, target) {
  const ratio = ratioOf(rounds, ours, base, 'ms')
  const cpu = ratioOf(rounds, ours, base, 'cpuMs')
  const range = (side, key) => {
    const values = rounds.map(r => r[side][key])
    return `${seconds(Math.min(...values))}–${seconds(Math.max(...values))}`
  }
  const pass = ratio <= target
  console.log(
    `  ${name.padEnd(48)} ${ratio.toFixed(2)}x  (target <= ${target}x: ${pass ? 'pass' : 'FAIL'}; CPU ${cpu.toFixed(2)}x)`,
  )
  console.log(
    `    wall ${ours} ${range(ours, 'ms')} s, csv-parse ${range(base, 'ms')} s; CPU ${ours} ${range(ours, 'cpuMs')} s, csv-parse ${range(base, 'cpuMs')} s`,
  )
  return {
    name,
    ours: median(rounds.map(r => r[ours].ms)) / 1000,
    baseline: median(rounds.map(r => r[base].ms)) / 1000,
    ratio,
    target,
    unit: 's',
    pass,
  }
}

export async function runDryRunBench({emulator} = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'payctl-bench-dry-run-'))
  const own = emulator ? undefined : await startEmulatorProcess()
  const target = emulator ?? own
  const results = []
  try {
    const checked = join(dir, 'checked.csv')
    const big = join(dir, 'big.csv')
    const small = join(dir, 'small.csv')
    await writeFiles(CHECKED_ROWS, checked)
    await writeFiles(BIG_ROWS, big)
    await writeFiles(SMALL_ROWS, small)
    const home = join(dir, 'home')
    const env = {PAYCTL_CONFIG_DIR: join(home, 'config'), PAYCTL_DATA_DIR: join(home, 'data')}
    const payctl = addProfile(env, target)
    // The online figure is one only if the service answered the checks.
    const {checks} = JSON.parse(payctl(['payouts', 'import', small, '--dry-run', '--json']))
    if (!checks.online) throw new Error(`the dry run checked offline: ${checks.offlineReason}`)
    console.log(
      `dry run (${fmt(CHECKED_ROWS)} rows, ${ROUNDS} rounds; ${fmt(BIG_ROWS)} and ${fmt(SMALL_ROWS)} rows, 3 rounds), profile "bench" on ${target.url}, files in ${dir}`,
    )
    const dryRun =
      (file, flags = []) =>
      () =>
        run([bin, 'payouts', 'import', file, '--dry-run', ...flags, '--json'], {env, unset: OVERRIDES})
    const parse = file => () => run([csvParseAlone, file])
    const load = loadavg()[0]
    const rounds = await rotate(
      {'csv-parse': parse(checked), online: dryRun(checked), offline: dryRun(checked, ['--offline'])},
      ROUNDS,
    )
    results.push(
      timeLine(`--dry-run, ${fmt(CHECKED_ROWS)} rows, online (profile set)`, rounds, 'online', 'csv-parse', 1.3),
      timeLine(`--dry-run --offline, ${fmt(CHECKED_ROWS)} rows`, rounds, 'offline', 'csv-parse', 1.2),
    )
    const memory = await rotate(
      {
        'csv-parse': parse(big),
        offline: dryRun(big, ['--offline']),
        online: dryRun(big),
        'small offline': dryRun(small, ['--offline']),
        'small online': dryRun(small),
      },
      3,
      false,
    )
    results.push(timeLine(`--dry-run --offline, ${fmt(BIG_ROWS)} rows`, memory, 'offline', 'csv-parse', 1.5))
    const rss = name => median(memory.map(r => r[name].rss)) / 1e6
    for (const how of ['online', 'offline'])
      results.push(
        line(
          `peak RSS of --dry-run ${how}, ${fmt(BIG_ROWS)} vs ${fmt(SMALL_ROWS)} rows`,
          rss(how),
          rss(`small ${how}`),
          'MB',
          RSS_TARGET,
          [fmt(BIG_ROWS), fmt(SMALL_ROWS)],
        ),
      )
    console.log(`  (load average ${load.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end)`)
    return results
  } finally {
    await own?.stop()
    rmSync(dir, {recursive: true, force: true})
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runDryRunBench()
