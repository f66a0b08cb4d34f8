import {interruptedError} from '../shared/errors.js'
import {ExitCode, type ExitCodeValue} from '../shared/exit-codes.js'

export type StopSignal = 'SIGINT' | 'SIGTERM'
/** What asked a command to stop: Ctrl-C, SIGTERM, or (when watched) a closed stdout, e.g. `| head -1`. */
export type StopReason = StopSignal | 'stdout closed'

export interface Interruption {
  /** Aborted on the first Ctrl-C or SIGTERM: long work stops after what is in flight. */
  readonly signal: AbortSignal
  /** Resolves with what asked to stop. */
  readonly stopped: Promise<StopReason>
  /** What asked to stop, if anything did yet. */
  readonly received: StopReason | undefined
  dispose(): void
}

export interface InterruptOptions {
  /** Printed (on stderr unless `write` is given) on the first stop. */
  notice?: string
  write?: (line: string) => void
  /** Stop also when stdout is closed by its reader (EPIPE), for commands that print until stopped. */
  stdoutClosed?: boolean
}

export {interruptedError}

let firstSignal: StopSignal | undefined

/**
 * The exit code of a run that ends interrupted: 143 when SIGTERM stopped it (128 + 15, as a process killed by
 * it), else 130. Any other exit code stands.
 */
export const exitCodeAfterStop = (code: ExitCodeValue): ExitCodeValue =>
  code === ExitCode.interrupted && firstSignal === 'SIGTERM' ? ExitCode.terminated : code

/** Forgets the signal of a finished command (commands run one after another in one process under `payctl mcp`). */
export const forgetStops = (): void => {
  firstSignal = undefined
}

/** The notice of the first Ctrl-C in a list that cancels the request in flight (`payouts list`, `api --paginate`). */
export const READ_CANCELLED =
  'Stopping: the page being read is cancelled, the pages printed stay (press Ctrl-C again to quit at once)…'

/** The notice of the first Ctrl-C in approve, pay, send-claim-link and delete. */
export const BATCH_STOPPING = 'Stopping after the batch in flight (press Ctrl-C again to quit at once)…'

/**
 * The one Ctrl-C handler of every long command (import, list --all, batch commands, api --paginate, auth login): the
 * first Ctrl-C or SIGTERM prints `notice` and aborts `signal`, so the command finishes the requests in flight,
 * writes what it must, and exits (130 after Ctrl-C). A second Ctrl-C quits at once.
 */
export function watchInterrupts(options: InterruptOptions = {}): Interruption {
  const controller = new AbortController()
  let received: StopReason | undefined
  let resolveStopped!: (reason: StopReason) => void
  const stopped = new Promise<StopReason>(resolve => {
    resolveStopped = resolve
  })
  const dispose = () => {
    process.off('SIGINT', onSigint)
    process.off('SIGTERM', onSigterm)
    process.stdout.off('error', onStdoutError)
  }
  const stop = (reason: StopReason) => {
    if (received) {
      if (reason === 'SIGINT') {
        dispose()
        process.kill(process.pid, 'SIGINT')
      }
      return
    }
    received = reason
    if (reason !== 'stdout closed') firstSignal ??= reason
    if (options.notice) (options.write ?? (line => process.stderr.write(`${line}\n`)))(options.notice)
    controller.abort(interruptedError())
    resolveStopped(reason)
  }
  const onSigint = () => stop('SIGINT')
  const onSigterm = () => stop('SIGTERM')
  const onStdoutError = (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') stop('stdout closed')
  }
  process.on('SIGINT', onSigint)
  process.on('SIGTERM', onSigterm)
  if (options.stdoutClosed) process.stdout.on('error', onStdoutError)
  return {
    signal: controller.signal,
    stopped,
    get received() {
      return received
    },
    dispose,
  }
}

export interface Serving {
  /** Resolves with what asked to stop. */
  readonly stopped: Promise<StopReason>
  /** What asked to stop, if anything did yet: a loop that serves until stopped checks it. */
  readonly received: StopReason | undefined
  /** Adds a clean-up (close a server, delete a subscription); they run after the stop, in the order added. */
  onStop(cleanup: () => unknown): void
}

/**
 * For commands that run until stopped (`webhooks listen`, `emulator start`, `emulator deliveries`): watches
 * Ctrl-C and SIGTERM (and a closed stdout with `stdoutClosed`) from before `serve` starts, so that a stop
 * while starting is not lost; runs `serve`, waits for the stop, then runs the clean-ups `serve` added, also
 * when `serve` throws. The signal handlers are removed before the clean-ups: a second Ctrl-C or SIGTERM
 * quits at once. Answers what stopped it: after 'SIGINT' the command exits 130 (interrupted), otherwise 0.
 */
export async function runUntilStopped(
  serve: (serving: Serving) => Promise<void>,
  options: {stdoutClosed?: boolean} = {},
): Promise<StopReason> {
  const interrupts = watchInterrupts({stdoutClosed: options.stdoutClosed})
  const cleanups: Array<() => unknown> = []
  try {
    await serve({
      stopped: interrupts.stopped,
      get received() {
        return interrupts.received
      },
      onStop: cleanup => cleanups.push(cleanup),
    })
    return await interrupts.stopped
  } finally {
    interrupts.dispose()
    for (const cleanup of cleanups) await cleanup()
  }
}

const exitOk = () => process.exit(0)

/**
 * A write that Ctrl-C and SIGTERM must not cut short (a state file replaced by a rename: old or new, never half): a
 * stop that comes while it runs is held until it ends. Once it succeeded, the run has done what it promised (its
 * output was flushed before), so the held stop, or any later one, ends the process at once with exit 0: a cron job
 * never sees a failure after a save. A write that fails lets its error through (the stop is dropped with the run).
 */
export async function writeUninterrupted(write: () => Promise<void>): Promise<void> {
  let held = false
  const hold = () => {
    held = true
  }
  process.on('SIGTERM', hold)
  process.on('SIGINT', hold)
  try {
    await write()
  } finally {
    process.off('SIGTERM', hold)
    process.off('SIGINT', hold)
  }
  if (held) exitOk()
  if (process.listeners('SIGTERM').includes(exitOk)) return
  process.on('SIGTERM', exitOk)
  process.on('SIGINT', exitOk)
}
