import {type ChildProcessWithoutNullStreams, spawn} from 'node:child_process'
import {BIN} from '../helpers/cli.js'

/** Polls `check` until it returns a value (not undefined/false), or fails after `timeoutMs`. */
export async function waitFor<T>(check: () => T | undefined | false, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = check()
    if (value !== undefined && value !== false) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise(resolve => setTimeout(resolve, 20))
  }
}

/** `payctl webhooks listen …` running as a subprocess, as a user runs it in a second terminal. */
export class ListenProcess {
  stdout = ''
  stderr = ''
  url = ''
  private readonly child: ChildProcessWithoutNullStreams
  private readonly exited: Promise<number | null>

  private constructor(args: string[], env: Record<string, string | undefined>) {
    const full: NodeJS.ProcessEnv = {...process.env, NO_COLOR: '1', ...env}
    for (const name of ['PAYCTL_API_KEY', 'PAYCTL_PROFILE', 'PAYCTL_ORIGIN', 'PAYCTL_WEBHOOK_SECRET'])
      if (!(name in env)) delete full[name]
    this.child = spawn(process.execPath, [BIN, 'webhooks', 'listen', '--port', '0', ...args], {env: full})
    this.child.stdout.setEncoding('utf8').on('data', d => {
      this.stdout += d
    })
    this.child.stderr.setEncoding('utf8').on('data', d => {
      this.stderr += d
    })
    this.exited = new Promise(resolve => this.child.on('close', code => resolve(code)))
  }

  /** Starts the listener and waits for its "Listening on URL" line (or its early exit). */
  static async start(args: string[], env: Record<string, string | undefined>): Promise<ListenProcess> {
    const listen = new ListenProcess(args, env)
    let exitCode: number | null | undefined
    listen.exited.then(code => {
      exitCode = code
    })
    listen.url = await waitFor(() => {
      if (exitCode !== undefined) throw new Error(`listen exited ${exitCode}: ${listen.stderr}`)
      return /Listening on (\S+)/.exec(listen.stderr)?.[1]
    }, 'the listener to start')
    return listen
  }

  get lines(): string[] {
    return this.stdout.split('\n').filter(Boolean)
  }

  get json(): Array<Record<string, unknown>> {
    return this.lines.map(line => JSON.parse(line))
  }

  /** Waits until stdout has at least `count` lines. */
  waitForLines(count: number): Promise<string[]> {
    return waitFor(() => this.lines.length >= count && this.lines, `${count} delivery lines; got:\n${this.stdout}`)
  }

  /** The signing secret printed by --register. */
  get secret(): string | undefined {
    return /Signing secret: (\S+)/.exec(this.stderr)?.[1]
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    this.child.kill(signal)
    return this.exited
  }

  /** For afterEach: make sure nothing outlives a failed test. */
  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL')
  }
}
