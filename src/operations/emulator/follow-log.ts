import {setTimeout as sleep} from 'node:timers/promises'
import {runUntilStopped, type StopReason} from '../interrupt.js'
import type {OperationContext} from '../operation-context.js'

const POLL_MS = 500

/** What following one of the emulator's logs answers: everything seen, the first items included, and what stopped it. */
export type FollowLog<T> = (show: (items: T[]) => void) => Promise<{all: T[]; stopped: StopReason}>

/**
 * Follows one of the emulator's logs (`emulator deliveries`, `emulator requests`) until Ctrl-C, SIGTERM or stdout
 * closed: every half second `next` answers what is new, and `show` gets it.
 */
export function followLog<T>(
  context: OperationContext,
  what: string,
  next: () => Promise<T[]>,
  first: T[],
): FollowLog<T> {
  return async show => {
    const all = [...first]
    const stopped = await runUntilStopped(
      async serving => {
        context.report.info(`Following ${what}. Press Ctrl-C to stop.`)
        while (!serving.received) {
          await Promise.race([sleep(POLL_MS), serving.stopped])
          if (serving.received) break
          const fresh = await next()
          show(fresh)
          all.push(...fresh)
        }
      },
      {stdoutClosed: true},
    )
    return {all, stopped}
  }
}
