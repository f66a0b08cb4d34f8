import {type ChildProcessWithoutNullStreams, spawn} from 'node:child_process'
import {mkdtempSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))
export const BIN = join(ROOT, 'bin', 'run.js')

/**
 * The CLI as a process: `node bin/run.js`, or the single executable when PAYCTL_TEST_EXE names it (.ci/exe.sh
 * runs the emulator suite so). Spawn `CLI[0]` with `[...CLI.slice(1), ...args]`.
 */
export const CLI: readonly string[] = process.env.PAYCTL_TEST_EXE
  ? [process.env.PAYCTL_TEST_EXE]
  : [process.execPath, BIN]

export interface CliResult {
  code: number | null
  stdout: string
  stderr: string
}

/** A fresh, isolated config/data/cache home for one test's payctl runs. */
export function isolatedHome(): {dir: string; env: Record<string, string>} {
  const dir = mkdtempSync(join(tmpdir(), 'payctl-test-'))
  return {
    dir,
    env: {
      PAYCTL_CONFIG_DIR: join(dir, 'config'),
      PAYCTL_DATA_DIR: join(dir, 'data'),
      PAYCTL_CACHE_DIR: join(dir, 'cache'),
    },
  }
}

export interface CliRunOptions {
  /** On top of the test's environment; `undefined` deletes. PAYCTL_API_KEY/PROFILE/ORIGIN are not inherited. */
  env?: Record<string, string | undefined>
  /** Written to stdin, which is then closed (empty by default). */
  input?: string
  /** The process is killed (SIGKILL) after this long; 25 s by default. */
  timeoutMs?: number
  /** A command payctl runs under, e.g. `['/usr/bin/time', '-f', '%M']` to measure it. */
  prefix?: string[]
}

/**
 * A running payctl process. Await it for its result; meanwhile `stdout`/`stderr` hold what it printed so far,
 * `waitFor` resolves on the first match in stderr, and `child` can be signalled.
 */
export interface CliRun extends Promise<CliResult & {signal: NodeJS.Signals | null}> {
  readonly child: ChildProcessWithoutNullStreams
  readonly stdout: string
  readonly stderr: string
  waitFor(pattern: RegExp): Promise<RegExpMatchArray>
}

/**
 * The built CLI as a user runs it: a subprocess, no TTY, no colour. For output of ordinary commands prefer
 * runCommand (in the test process, see run-command.ts).
 */
export function runCli(args: string[], options: CliRunOptions = {}): CliRun {
  const env: NodeJS.ProcessEnv = {...process.env, NO_COLOR: '1', ...options.env}
  for (const name of ['PAYCTL_API_KEY', 'PAYCTL_PROFILE', 'PAYCTL_ORIGIN'])
    if (!(name in (options.env ?? {}))) delete env[name]
  for (const [name, value] of Object.entries(options.env ?? {})) if (value === undefined) delete env[name]
  const command = [...(options.prefix ?? []), ...CLI, ...args]
  const child = spawn(command[0], command.slice(1), {env, stdio: ['pipe', 'pipe', 'pipe']})
  const output = {stdout: '', stderr: ''}
  let waiters: Array<{pattern: RegExp; resolve(match: RegExpMatchArray): void}> = []
  child.stdout.setEncoding('utf8').on('data', d => {
    output.stdout += d
  })
  child.stderr.setEncoding('utf8').on('data', d => {
    output.stderr += d
    waiters = waiters.filter(waiter => {
      const match = output.stderr.match(waiter.pattern)
      if (match) waiter.resolve(match)
      return !match
    })
  })
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 25_000)
  const done = new Promise<CliResult & {signal: NodeJS.Signals | null}>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      resolve({code, signal, ...output})
    })
  })
  child.stdin.end(options.input ?? '')
  const waitFor = (pattern: RegExp) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const match = output.stderr.match(pattern)
      if (match) return resolve(match)
      waiters.push({pattern, resolve})
      done.then(r => reject(new Error(`payctl exited (${r.code}) before printing ${pattern}:\n${r.stderr}`)))
    })
  return Object.defineProperties(done, {
    child: {value: child},
    stdout: {get: () => output.stdout},
    stderr: {get: () => output.stderr},
    waitFor: {value: waitFor},
  }) as CliRun
}

/** The flags of a small v2 payout (5.00 EUR) whose recipient is `a@example.com`, for `payouts create` runs. */
export const EMAIL_PAYOUT = ['--amount', '5', '--currency', 'EUR', '--description', 'x', '--email', 'a@example.com']
