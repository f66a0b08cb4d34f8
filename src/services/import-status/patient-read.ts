import {setTimeout as sleep} from 'node:timers/promises'
import {pauseFor} from '../payouts/wait.js'

/**
 * A read that rides through transient faults as polling does (src/services/payouts/wait.ts): a rate limit, 5xx
 * or network failure that outlived the client's own retries pauses (its Retry-After, at least a pause growing
 * from 0.5 s to 15 s) and reads again, until `deadline`; then, or on any other error, the error is thrown.
 */
export async function readPatiently<T>(
  read: () => Promise<T>,
  options: {deadline: number; signal?: AbortSignal; now?: () => number},
): Promise<T> {
  const now = options.now ?? Date.now
  let interval = 500
  for (;;) {
    try {
      return await read()
    } catch (error) {
      const pause = pauseFor(error)
      const remaining = options.deadline - now()
      if (pause === undefined || remaining <= 0 || options.signal?.aborted) throw error
      await sleep(Math.min(Math.max(interval, pause), remaining), undefined, {signal: options.signal}).catch(() => {})
      interval = Math.min(interval * 2, 15_000)
    }
  }
}
