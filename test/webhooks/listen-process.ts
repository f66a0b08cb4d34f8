import {type CliRun, runCli} from '../helpers/cli.js'

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

/** `payctl webhooks listen …` running as a subprocess (runCli's), as a user runs it in a second terminal. */
export class ListenProcess {
  url = ''

  private constructor(private readonly run: CliRun) {}

  /** Starts the listener and waits for its "Listening on URL" line (or its early exit). */
  static async start(args: string[], env: Record<string, string | undefined>): Promise<ListenProcess> {
    const run = runCli(['webhooks', 'listen', '--port', '0', ...args], {
      env: {PAYCTL_WEBHOOK_SECRET: undefined, ...env},
      timeoutMs: 600_000,
    })
    const listen = new ListenProcess(run)
    listen.url = (await run.waitFor(/Listening on (\S+)/))[1]
    return listen
  }

  get stdout(): string {
    return this.run.stdout
  }

  get stderr(): string {
    return this.run.stderr
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
    this.run.child.kill(signal)
    return (await this.run).code
  }

  /** For afterEach: make sure nothing outlives a failed test. */
  kill(): void {
    const {child} = this.run
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  }
}
