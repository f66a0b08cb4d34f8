import {interruptedError, type PayctlError} from '../../shared/errors.js'

/** What --json shows about a batch run stopped by Ctrl-C, in `error.data`. */
export interface BatchInterruptionData {
  /** Batches (calls) sent and applied before the stop, and how many there were. */
  batchesDone: number
  batches: number
  applied: number
  notApplied: number
  /** The ids (as given: payout ids or customIds) not sent, in input order. */
  notAppliedIds: string[]
}

interface Stop {
  items: ReadonlyArray<{apiId: string; label: string}>
  size: number
  /** Batches applied before the stop. */
  done: number
  batches: number
  verb: string
  resume?: string
}

const plural = (n: number) => `${n} payout${n === 1 ? '' : 's'}`

/**
 * The one-line INTERRUPTED error (exit 130) of approve, pay, send-claim-link, delete and --retry-failed after
 * Ctrl-C between batches: which batches were applied, where the rest starts, and how to send it.
 */
export function batchInterruption({items, size, done, batches, verb, resume}: Stop): PayctlError {
  const applied = Math.min(done * size, items.length)
  const rest = items.slice(applied)
  const where =
    done === 0
      ? 'interrupted before anything was sent'
      : size === 1
        ? `interrupted after ${applied} of ${items.length}`
        : `interrupted after batch ${done} of ${batches} (calls of at most ${size})`
  const sent = done === 0 ? '' : `; ${plural(applied)} ${verb}`
  const notSent = `; ${plural(rest.length)} not sent, from ${rest[0].label} (item ${applied + 1} of the input) on`
  const suggestion =
    resume ?? `re-run with the ${plural(rest.length)} not sent (--json lists them in error.data.notAppliedIds)`
  const data: BatchInterruptionData = {
    batchesDone: done,
    batches,
    applied,
    notApplied: rest.length,
    notAppliedIds: rest.map(item => item.apiId),
  }
  return interruptedError(`${where}${sent}${notSent}`, [suggestion], data)
}
