import {spawn} from 'node:child_process'
import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {BIN, ROOT} from './cli.js'

export interface TtyResult {
  code: number | null
  /** stdout and stderr together, as the terminal showed them (ANSI codes removed). */
  output: string
  /** Bytes the terminal received, escape codes included. */
  rawBytes: number
  /** `output` with every run of spaces and line breaks as one space: a message payctl folded reads as one line. */
  said: string
}

/**
 * When the output first matches `when` (a text: with any run of spaces and line breaks as one space) after the previous step ran (or when `when`, a promise, resolves):
 * type `send`, then call `run`.
 */
export interface TtyStep {
  when: string | RegExp | Promise<unknown>
  send?: string
  run?: () => void
}

const spaced = (text: string) => text.replace(/\s+/g, ' ')
const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`
const ANSI = /\u001B\[[0-?]*[ -/]*[@-~]|\u001B[()][A-Z0-9]|\u001B[=>]/g

/**
 * Runs the built CLI inside a pseudo-terminal (util-linux `script`), so stdin, stdout and stderr are TTYs, as
 * for a person at a terminal. When the output first contains `prompt`, `answer` is typed.
 */
export function runCliInTty(
  args: string[],
  options: {
    env?: Record<string, string>
    prompt?: string | RegExp
    answer?: string
    steps?: TtyStep[]
    /** Redirect stdout to this file (`> FILE`), as for an export typed at a terminal. */
    stdoutFile?: string
    /** Terminal width (default 120; 0 is what some terminals report). */
    columns?: number
    timeoutMs?: number
  } = {},
): Promise<TtyResult> {
  return new Promise((resolve, reject) => {
    // A pty made by `script` without a parent terminal is 0x0; give it a real size (spinners divide by it).
    const redirect = options.stdoutFile ? ` > ${quote(options.stdoutFile)}` : ''
    const command = `stty cols ${options.columns ?? 120} rows 40; exec ${[process.execPath, BIN, ...args].map(quote).join(' ')}${redirect}`
    const env: NodeJS.ProcessEnv = {...process.env, NO_COLOR: '1', TERM: 'xterm', ...options.env}
    // A person's terminal: no CI variable (under CI spinners and progress lines turn plain, as ora does).
    for (const name of ['PAYCTL_API_KEY', 'PAYCTL_PROFILE', 'PAYCTL_ORIGIN', 'CI'])
      if (!(name in (options.env ?? {}))) delete env[name]
    const child = spawn('script', ['-qec', command, '/dev/null'], {env, stdio: ['pipe', 'pipe', 'pipe']})
    let raw = ''
    let rawBytes = 0
    const steps: TtyStep[] = [...(options.steps ?? [])]
    if (options.prompt !== undefined && options.answer !== undefined)
      steps.unshift({when: options.prompt, send: options.answer})
    let from = 0
    const fire = (step: TtyStep) => {
      steps.shift()
      if (step.send !== undefined) child.stdin.write(step.send)
      step.run?.()
      const next = steps[0]
      if (next?.when instanceof Promise) void next.when.then(() => steps[0] === next && fire(next))
    }
    const onData = (data: Buffer) => {
      rawBytes += data.length
      // Keep the text bounded when a program floods the terminal; steps only look at what is new.
      raw = (raw + data.toString('utf8')).slice(-1_000_000)
      const text = raw.replace(ANSI, '')
      const step = steps[0]
      if (!step || step.when instanceof Promise) return
      const tail = text.slice(Math.min(from, text.length))
      // A text is seen even when payctl folded it at the terminal's width.
      const seen = step.when instanceof RegExp ? step.when.test(tail) : spaced(tail).includes(spaced(step.when))
      if (!seen) return
      from = text.length
      fire(step)
    }
    const first = steps[0]
    if (first?.when instanceof Promise) void first.when.then(() => steps[0] === first && fire(first))
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 25_000)
    child.on('error', reject)
    child.on('close', code => {
      clearTimeout(timer)
      child.stdin.destroy()
      const output = raw.replace(ANSI, '').replace(/\r/g, '')
      resolve({code, output, rawBytes, said: spaced(output)})
    })
  })
}

/** One run of `runManyInTty`: payctl's argv (and environment on top), or a file written between runs. */
export type ManyRun = {argv: string[]; env?: Record<string, string | null>} | {write: [path: string, text: string]}

/**
 * Many payctl runs in one process inside one pseudo-terminal of `columns` (test/helpers/one-process.mjs): what
 * dozens of commands show at a width, for the cost of one start. Answers, per argv run in order, what the terminal
 * shows (`screenLines`) and the exit code.
 */
export async function runManyInTty(
  runs: ManyRun[],
  options: {env?: Record<string, string>; columns: number; timeoutMs?: number},
): Promise<Array<{argv: string[]; lines: string[]; code: number}>> {
  const file = join(mkdtempSync(join(tmpdir(), 'payctl-tty-')), 'runs.json')
  writeFileSync(file, JSON.stringify(runs))
  const raw = await rawTty([process.execPath, join(ROOT, 'test', 'helpers', 'one-process.mjs'), file], options)
  const argvRuns = runs.filter((run): run is Extract<ManyRun, {argv: string[]}> => 'argv' in run)
  const shown = screenLines(raw)
  const results: Array<{argv: string[]; lines: string[]; code: number}> = []
  let lines: string[] = []
  for (const line of shown) {
    const end = /^### (\d+) exit (\d+)$/.exec(line)
    if (!end) {
      lines.push(line)
      continue
    }
    results.push({argv: argvRuns[results.length]?.argv ?? [], lines, code: Number(end[2])})
    lines = []
  }
  return results
}

/** A command's raw bytes in a pseudo-terminal of `columns`, once it exits. */
function rawTty(command: string[], options: {env?: Record<string, string>; columns: number; timeoutMs?: number}) {
  return new Promise<string>((resolve, reject) => {
    const env: NodeJS.ProcessEnv = {...process.env, NO_COLOR: '1', TERM: 'xterm', ...options.env}
    for (const name of ['PAYCTL_API_KEY', 'PAYCTL_PROFILE', 'PAYCTL_ORIGIN', 'CI'])
      if (!(name in (options.env ?? {}))) delete env[name]
    const script = `stty cols ${options.columns} rows 40; exec ${command.map(quote).join(' ')}`
    const child = spawn('script', ['-qec', script, '/dev/null'], {env, stdio: ['pipe', 'pipe', 'pipe']})
    const chunks: Buffer[] = []
    child.stdout.on('data', (data: Buffer) => chunks.push(data))
    child.stderr.on('data', (data: Buffer) => chunks.push(data))
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 120_000)
    child.on('error', reject)
    child.on('close', () => {
      clearTimeout(timer)
      resolve(Buffer.concat(chunks).toString('utf8'))
    })
  })
}

/**
 * The lines a terminal shows for `raw`: a carriage return or a move to column 1 (`ESC [ 1 G`) writes over the line
 * from its start, `ESC [ K` erases to its end (a spinner's frames, then what replaces them), other escape codes take
 * no room.
 */
export function screenLines(raw: string): string[] {
  const lines: string[] = []
  let line: string[] = []
  let at = 0
  const tokens = raw.match(/\u001B\[[0-?]*[ -/]*[@-~]|\u001B[()][A-Z0-9]|\u001B[=>]|\r|\n|[^\u001B\r\n]/gu) ?? []
  for (const token of tokens) {
    if (token === '\n') {
      lines.push(line.join(''))
      line = []
      at = 0
    } else if (token === '\r' || /^\u001B\[1?G$/.test(token)) at = 0
    else if (/^\u001B\[0?K$/.test(token)) line = line.slice(0, at)
    else if (!token.startsWith('\u001B')) {
      line[at++] = token
    }
  }
  if (line.length) lines.push(line.join(''))
  return lines
}
