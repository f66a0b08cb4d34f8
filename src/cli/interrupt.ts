import {PayctlError} from '../shared/errors.js'
import {ExitCode} from '../shared/exit-codes.js'

export type StopSignal = 'SIGINT' | 'SIGTERM'

export interface Interruption {
  /** Aborted on the first Ctrl-C or SIGTERM: long work stops after what is in flight. */
  readonly signal: AbortSignal
  /** Resolves with the signal that asked to stop. */
  readonly stopped: Promise<StopSignal>
  /** The signal received, if any. */
  readonly received: StopSignal | undefined
  dispose(): void
}

export const interruptedError = (message = 'interrupted (Ctrl-C)', suggestions: string[] = []) =>
  new PayctlError(message, {exitCode: ExitCode.interrupted, code: 'INTERRUPTED', suggestions})

/**
 * The one Ctrl-C handler of every long command (import, list --all, listen, emulator start, auth login): the
 * first Ctrl-C or SIGTERM prints `notice` and aborts `signal`, so the command finishes the requests in flight,
 * writes what it must, and exits (130 after Ctrl-C). A second Ctrl-C quits at once.
 */
export function watchInterrupts(options: {notice?: string; write?: (line: string) => void} = {}): Interruption {
  const controller = new AbortController()
  let received: StopSignal | undefined
  let resolveStopped!: (signal: StopSignal) => void
  const stopped = new Promise<StopSignal>(resolve => {
    resolveStopped = resolve
  })
  const dispose = () => {
    process.off('SIGINT', onSigint)
    process.off('SIGTERM', onSigterm)
  }
  const stop = (signal: StopSignal) => {
    if (received) {
      if (signal === 'SIGINT') {
        dispose()
        process.kill(process.pid, 'SIGINT')
      }
      return
    }
    received = signal
    if (options.notice) (options.write ?? (line => process.stderr.write(`${line}\n`)))(options.notice)
    controller.abort(interruptedError())
    resolveStopped(signal)
  }
  const onSigint = () => stop('SIGINT')
  const onSigterm = () => stop('SIGTERM')
  process.on('SIGINT', onSigint)
  process.on('SIGTERM', onSigterm)
  return {
    signal: controller.signal,
    stopped,
    get received() {
      return received
    },
    dispose,
  }
}

export interface StopSignalHandle {
  promise: Promise<void>
  /** True when Ctrl-C (not SIGTERM or a closed stdout) ended the wait: the command then exits 130. */
  interrupted(): boolean
  dispose(): void
}

/**
 * For commands that run until stopped (`webhooks listen`, `emulator deliveries`): resolves on Ctrl-C, SIGTERM,
 * or when stdout is closed (e.g. `| head -1`). `dispose()` removes the handlers.
 */
export function stopSignal(): StopSignalHandle {
  const interrupts = watchInterrupts()
  let resolveClosed!: () => void
  const closed = new Promise<void>(resolve => {
    resolveClosed = resolve
  })
  const onStdoutError = (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') resolveClosed()
  }
  process.stdout.on('error', onStdoutError)
  return {
    promise: Promise.race([closed, interrupts.stopped.then(() => undefined)]),
    interrupted: () => interrupts.received === 'SIGINT',
    dispose: () => {
      interrupts.dispose()
      process.stdout.off('error', onStdoutError)
    },
  }
}
