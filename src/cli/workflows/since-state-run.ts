import {laterOf, SinceTracker} from '../../services/since-state/since-tracker.js'
import {
  lockSinceState,
  type RunIdentity,
  readSinceState,
  type SinceState,
  writeSinceState,
} from '../../services/since-state/state-file.js'
import type {Column, ListFormat, Output} from '../output/output.js'

export interface SinceRunOptions<T extends {id: string}, Shown> {
  out: Output
  columns: Column<Shown>[]
  format?: ListFormat
  /** --since-state FILE */
  path: string
  run: RunIdentity
  /** Every page of this run's window, given the last run's state. */
  pages(state: SinceState | undefined): AsyncIterable<T[]>
  fingerprint(item: T): string
  /** Transactions: each item's creation time, the high-water mark, and the window the state keeps. */
  window?: {createdAt(item: T): string | undefined; keepFrom(highWater: string | undefined): string | undefined}
  /** `payouts changes`: the first run records a baseline and prints nothing. */
  baseline?: boolean
  /** The row printed for a new or changed item, given the fingerprint the last run had. */
  shown(item: T, previous: string | undefined): Shown
}

/**
 * An unattended run: reads the window, prints what is new or changed since the last successful run, flushes
 * stdout, and only then replaces the state file. A run that fails or is killed before that leaves the state
 * as it was, so the next run repeats its window.
 */
export async function runSinceState<T extends {id: string}, Shown>(
  options: SinceRunOptions<T, Shown>,
): Promise<{written: number; first: boolean; tracked: number}> {
  const {out, path} = options
  const unlock = await lockSinceState(path)
  try {
    const previous = await readSinceState(path, options.run)
    const tracker = new SinceTracker(previous?.seen)
    const silent = options.baseline && tracker.first
    const writer = out.list(options.columns, options.format)
    let highWater = previous?.highWater
    for await (const page of options.pages(previous)) {
      const shown: Shown[] = []
      for (const item of page) {
        const createdAt = options.window?.createdAt(item)
        highWater = laterOf(highWater, createdAt)
        const {changed, previous: before} = tracker.observe(item.id, options.fingerprint(item), createdAt)
        if (changed && !silent) shown.push(options.shown(item, before))
      }
      await writer.page(shown)
    }
    writer.end()
    await out.flush()
    const seen = tracker.seen(options.window?.keepFrom(highWater))
    await writeSinceState(path, {version: 1, ...options.run, ...(options.window ? {highWater} : {}), seen})
    return {written: writer.written, first: tracker.first, tracked: tracker.count}
  } finally {
    await unlock()
  }
}
