import {withWaitLimits} from '../../client/waits.js'
import {type InterruptOptions, watchInterrupts} from '../interrupt.js'

/**
 * Runs a read that Ctrl-C or SIGTERM stops: `read` gets the signal, which also cancels the request in flight and
 * any Retry-After sleep (the wait limits).
 */
export async function watchedRead<R>(options: InterruptOptions, read: (signal: AbortSignal) => Promise<R>): Promise<R> {
  const interrupts = watchInterrupts(options)
  try {
    return await withWaitLimits({signal: interrupts.signal}, () => read(interrupts.signal))
  } finally {
    interrupts.dispose()
  }
}
