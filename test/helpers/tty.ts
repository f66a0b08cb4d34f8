import {spawn} from 'node:child_process'
import {BIN} from './cli.js'

export interface TtyResult {
  code: number | null
  /** stdout and stderr together, as the terminal showed them (ANSI codes removed). */
  output: string
  /** Bytes the terminal received, escape codes included. */
  rawBytes: number
}

/**
 * When the output first matches `when` after the previous step ran (or when `when`, a promise, resolves):
 * type `send`, then call `run`.
 */
export interface TtyStep {
  when: string | RegExp | Promise<unknown>
  send?: string
  run?: () => void
}

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
      const seen = step.when instanceof RegExp ? step.when.test(tail) : tail.includes(step.when)
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
      resolve({code, output: raw.replace(ANSI, '').replace(/\r/g, ''), rawBytes})
    })
  })
}
