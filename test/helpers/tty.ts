import {spawn} from 'node:child_process'
import {BIN} from './cli.js'

export interface TtyResult {
  code: number | null
  /** stdout and stderr together, as the terminal showed them (ANSI codes removed). */
  output: string
}

const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`
const ANSI = /\u001B\[[0-?]*[ -/]*[@-~]|\u001B[()][A-Z0-9]|\u001B[=>]/g

/**
 * Runs the built CLI inside a pseudo-terminal (util-linux `script`), so stdin, stdout and stderr are TTYs, as
 * for a person at a terminal. When the output first contains `prompt`, `answer` is typed.
 */
export function runCliInTty(
  args: string[],
  options: {env?: Record<string, string>; prompt?: string | RegExp; answer?: string; timeoutMs?: number} = {},
): Promise<TtyResult> {
  return new Promise((resolve, reject) => {
    // A pty made by `script` without a parent terminal is 0x0; give it a real size (spinners divide by it).
    const command = `stty cols 120 rows 40; exec ${[process.execPath, BIN, ...args].map(quote).join(' ')}`
    const env: NodeJS.ProcessEnv = {...process.env, NO_COLOR: '1', TERM: 'xterm', ...options.env}
    for (const name of ['PAYCTL_API_KEY', 'PAYCTL_PROFILE', 'PAYCTL_ORIGIN'])
      if (!(name in (options.env ?? {}))) delete env[name]
    const child = spawn('script', ['-qec', command, '/dev/null'], {env, stdio: ['pipe', 'pipe', 'pipe']})
    let raw = ''
    let answered = false
    const onData = (data: Buffer) => {
      raw += data.toString('utf8')
      const text = raw.replace(ANSI, '')
      const seen = options.prompt instanceof RegExp ? options.prompt.test(text) : text.includes(options.prompt ?? '')
      if (!answered && options.prompt !== undefined && options.answer !== undefined && seen) {
        answered = true
        child.stdin.write(options.answer)
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 25_000)
    child.on('error', reject)
    child.on('close', code => {
      clearTimeout(timer)
      child.stdin.destroy()
      resolve({code, output: raw.replace(ANSI, '').replace(/\r/g, '')})
    })
  })
}
