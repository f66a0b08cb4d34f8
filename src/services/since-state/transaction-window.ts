import type {TransactionFilters} from '../../client/v2/transactions-v2.js'
import {laterOf} from './since-tracker.js'
import type {SinceState} from './state-file.js'

/**
 * How far back each `transactions list --since-state` run reads before the high-water mark (the newest
 * `createdAt` the last run saw): a transaction created or changed that much later than its `createdAt` is
 * still found, and the ids seen inside the window keep it from being printed twice.
 */
export const TRANSACTION_OVERLAP_MS = 24 * 60 * 60 * 1000

const minus = (iso: string, ms: number) => new Date(Date.parse(iso) - ms).toISOString()

/** The query of this run: the filters, starting at the window before the last high-water mark. */
export function transactionWindow(filters: TransactionFilters, state: SinceState | undefined): TransactionFilters {
  if (!state?.highWater) return filters
  return {...filters, createdFrom: laterOf(filters.createdFrom, minus(state.highWater, TRANSACTION_OVERLAP_MS))}
}

/** From which `createdAt` the next run's window starts (what the state keeps fingerprints for). */
export const windowStart = (highWater: string | undefined) =>
  highWater === undefined ? undefined : minus(highWater, TRANSACTION_OVERLAP_MS)
