import {setTimeout as sleep} from 'node:timers/promises'
import {runUntilStopped, type StopReason} from './interrupt.js'
import type {Output} from './output/output.js'

const POLL_MS = 500

/**
 * Follows one of the emulator's logs (`emulator deliveries`, `emulator requests`) until Ctrl-C, SIGTERM or stdout
 * closed: every half second `next` answers what is new, and `show` prints it. Answers everything it printed and
 * what stopped it.
 */
export async function followLog<T>(
  out: Output,
  what: string,
  next: () => Promise<T[]>,
  show: (items: T[]) => void,
): Promise<{items: T[]; stopped: StopReason}> {
  const items: T[] = []
  const stopped = await runUntilStopped(
    async serving => {
      out.info(`Following ${what}. Press Ctrl-C to stop.`)
      while (!serving.received) {
        await Promise.race([sleep(POLL_MS), serving.stopped])
        if (serving.received) break
        const fresh = await next()
        show(fresh)
        items.push(...fresh)
      }
    },
    {stdoutClosed: true},
  )
  return {items, stopped}
}
