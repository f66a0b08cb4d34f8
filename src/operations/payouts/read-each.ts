import {mapLimit} from '../../shared/map-limit.js'
import {interruptedError, watchInterrupts} from '../interrupt.js'

export const READS_STOPPING = 'Stopping after the reads in flight (press Ctrl-C again to quit at once)…'

/**
 * Reads many payouts (8 at a time) for a command that prints them once all are read (`payouts get` with many ids).
 * Ctrl-C starts no further read: the reads in flight finish and the run ends with exit 130, saying how far it got,
 * that nothing was printed, and that a re-run is safe (it only reads).
 */
export async function readEach<K, T>(keys: readonly K[], read: (key: K) => Promise<T>): Promise<T[]> {
  if (keys.length < 2) return mapLimit(keys, 1, read)
  const interrupts = watchInterrupts({notice: READS_STOPPING})
  let done = 0
  try {
    const results = await mapLimit(keys, 8, async key => {
      if (interrupts.signal.aborted) return undefined
      const result = await read(key)
      done++
      return result
    })
    if (interrupts.signal.aborted)
      throw interruptedError(`interrupted after reading ${done} of ${keys.length} payouts; nothing was printed`, [
        'it only reads: re-run the same command to show them all',
      ])
    return results as T[]
  } finally {
    interrupts.dispose()
  }
}
