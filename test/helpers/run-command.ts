import {join} from 'node:path'
import {Readable} from 'node:stream'
import {pathToFileURL} from 'node:url'
import {type CliResult, ROOT} from './cli.js'

/*
 * payctl inside the test process: bin/run.js's `startPackage` (oclif's execute() in dist/bundle over the package's
 * manifest, the bundled commands and hooks, with `flush`, and `handle` turning errors into the exit code), minus the process:
 * the exit code `handle` would exit with is recorded instead. Run `npm run build` first, as for runCli.
 * Its result has the shape of runCli's, so a test can use either.
 *
 * Which one a test uses:
 *   runCommand  output, flag validation, JSON shape, error messages and exit codes of ordinary commands.
 *   runCli      what needs a real process: signals and Ctrl-C, a pseudo-terminal, colour, stdin piped by a
 *               shell, several payctl processes at once, bin/run.js itself (start-up, help, --version,
 *               an unknown command), --jq (jq-web does not load in a vitest worker), and one end-to-end
 *               run per topic.
 *
 * Per call: the environment is runCli's (NO_COLOR=1, no inherited PAYCTL_API_KEY/PAYCTL_PROFILE/PAYCTL_ORIGIN,
 * `env` on top, undefined deletes), stdin is `input` (or empty) and not a TTY, neither is stdout or stderr;
 * all of it, process.exitCode, and listeners a command left behind are restored afterwards.
 * Calls must not overlap: they share the process's streams and environment.
 */

export interface RunCommandOptions {
  env?: Record<string, string | undefined>
  input?: string
}

/** What bin/run.js starts. */
const START = pathToFileURL(join(ROOT, 'dist', 'bundle', 'run.js')).href

let busy = false

/** runCli's result, and the value the command's `run()` returned (undefined when it failed). */
export interface CommandResult extends CliResult {
  returned?: unknown
}

export async function runCommand(argv: string[], options: RunCommandOptions = {}): Promise<CommandResult> {
  if (busy) throw new Error('runCommand calls must not overlap; use runCli for concurrent payctl processes')
  if (argv.some(arg => arg === '--jq' || arg === '-q' || arg.startsWith('--jq=')))
    throw new Error('--jq needs runCli: jq-web (CommonJS exporting a promise) cannot be imported in a vitest worker')
  busy = true
  const restoreEnv = applyEnv(options.env ?? {})
  const restoreStreams = captureStreams(options.input ?? '')
  const restoreListeners = keepListeners()
  const savedExitCode = process.exitCode
  process.exitCode = undefined
  const exit = process.exit
  let exitedWith: number | undefined
  process.exit = ((code?: number | string | null) => {
    exitedWith ??= Number(code ?? 0)
  }) as typeof process.exit
  let output: {stdout: string; stderr: string}
  let returned: unknown
  try {
    const {startPackage} = await import(START)
    returned = await startPackage(ROOT, argv)
  } finally {
    process.exit = exit
    exitedWith ??= Number(process.exitCode ?? 0)
    output = restoreStreams()
    process.exitCode = savedExitCode
    restoreListeners()
    restoreEnv()
    busy = false
  }
  // Not enumerable: a test comparing the whole run with runCli's shape ({code, stdout, stderr}) still can.
  return Object.defineProperty({code: exitedWith, ...output}, 'returned', {value: returned, enumerable: false})
}

function applyEnv(env: Record<string, string | undefined>): () => void {
  const saved = {...process.env}
  process.env.NO_COLOR = '1'
  for (const name of ['PAYCTL_API_KEY', 'PAYCTL_PROFILE', 'PAYCTL_ORIGIN']) if (!(name in env)) delete process.env[name]
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
  return () => {
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name]
    Object.assign(process.env, saved)
  }
}

type Write = typeof process.stdout.write

function captureStreams(input: string): () => {stdout: string; stderr: string} {
  const captured = {stdout: [] as string[], stderr: [] as string[]}
  const streams = {stdout: process.stdout, stderr: process.stderr}
  const saved = {
    stdout: {write: process.stdout.write, isTTY: Object.getOwnPropertyDescriptor(process.stdout, 'isTTY')},
    stderr: {write: process.stderr.write, isTTY: Object.getOwnPropertyDescriptor(process.stderr, 'isTTY')},
    stdin: Object.getOwnPropertyDescriptor(process, 'stdin')!,
  }
  for (const name of ['stdout', 'stderr'] as const) {
    const stream = streams[name]
    Object.defineProperty(stream, 'isTTY', {value: false, configurable: true, writable: true})
    stream.write = ((chunk: string | Uint8Array, encoding?: unknown, callback?: unknown) => {
      captured[name].push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'))
      const done = typeof encoding === 'function' ? encoding : callback
      if (typeof done === 'function') process.nextTick(done)
      return true
    }) as Write
  }
  const stdin = Readable.from(input === '' ? [] : [Buffer.from(input)], {objectMode: false})
  Object.defineProperty(process, 'stdin', {value: stdin, configurable: true, enumerable: true, writable: true})
  return () => {
    for (const name of ['stdout', 'stderr'] as const) {
      const stream = streams[name]
      stream.write = saved[name].write
      const tty = saved[name].isTTY
      if (tty) Object.defineProperty(stream, 'isTTY', tty)
      else delete (stream as {isTTY?: boolean}).isTTY
    }
    Object.defineProperty(process, 'stdin', saved.stdin)
    return {stdout: captured.stdout.join(''), stderr: captured.stderr.join('')}
  }
}

/**
 * Listeners a run leaves on the process and its streams: interrupt handlers, and the 'drain' listener of
 * oclif's `flush` (a process exits with them; a test process would gather them). They are removed.
 */
function keepListeners(): () => void {
  const watched: Array<[NodeJS.EventEmitter, string]> = [
    [process, 'SIGINT'],
    [process, 'SIGTERM'],
    [process.stdout, 'drain'],
    [process.stdout, 'error'],
    [process.stderr, 'drain'],
    [process.stderr, 'error'],
  ]
  const before = watched.map(([emitter, event]) => new Set(emitter.listeners(event)))
  return () =>
    watched.forEach(([emitter, event], i) => {
      for (const listener of emitter.listeners(event))
        if (!before[i].has(listener)) emitter.off(event, listener as (...args: unknown[]) => void)
    })
}
