import {currentWaitLimits, withWaitLimits} from '../../client/waits.js'
import type {StreamedItems} from '../../contract/results/index.js'
import {laterOf, SinceTracker} from '../../services/since-state/since-tracker.js'
import {
  checkSinceStatePath,
  lockSinceState,
  type RunIdentity,
  readSinceState,
  type SinceState,
  writeSinceState,
} from '../../services/since-state/state-file.js'
import {interruptedError, watchInterrupts} from '../interrupt.js'
import {ListedItems} from '../output/listed-items.js'
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
 * as it was, so the next run repeats its window. Ctrl-C or SIGTERM cancels the page being read (and any retry
 * wait), keeps FILE as it was and says so (exit 130, 143 after SIGTERM). Answers the counts and the items it listed.
 */
export async function runSinceState<T extends {id: string}, Shown>(
  options: SinceRunOptions<T, Shown>,
): Promise<{written: number; first: boolean; tracked: number; listed: Shown[] | StreamedItems}> {
  const {out, path} = options
  await checkSinceStatePath(path)
  const unlock = await lockSinceState(path)
  const interrupts = watchInterrupts({notice: SINCE_STOPPING})
  let saved = false
  try {
    const previous = await readSinceState(path, options.run)
    const tracker = new SinceTracker(previous?.seen)
    const writer = out.list(options.columns, options.format)
    const listed = new ListedItems<Shown>(out)
    let cancelled = false
    const highWater = await withWaitLimits({signal: interrupts.signal}, () =>
      readWindow(options, previous, tracker, (shown: Shown[]) => {
        listed.add(shown)
        return writer.page(shown)
      }),
    ).catch(error => {
      if (!interrupts.signal.aborted) throw error
      cancelled = true
      return undefined
    })
    writer.end()
    await out.flush()
    if (interrupts.signal.aborted) throw stoppedRun(path, writer.written, cancelled)
    const seen = tracker.seen(options.window?.keepFrom(highWater))
    interrupts.dispose()
    const save = guardSave()
    try {
      await writeSinceState(path, {version: 1, ...options.run, ...(options.window ? {highWater} : {}), seen})
    } finally {
      save.end()
    }
    saved = true
    save.saved()
    return {written: writer.written, first: tracker.first, tracked: tracker.count, listed: listed.result()}
  } finally {
    interrupts.dispose()
    // After the save, the lock only keeps another run out of a finished one: a failure to remove it must not
    // make a saved run fail (a lock of a process that is gone is taken over by the next run).
    await unlock().catch(error => {
      if (!saved) throw error
    })
  }
}

/**
 * The save is not interrupted: a Ctrl-C or SIGTERM that comes while FILE is written (a rename: FILE is old or
 * new, never half) is held until the save ends. Once FILE is saved, the run has done what it promised (its output
 * was flushed before), so a held stop, or any later one, ends the process at once with exit 0: a cron job never
 * sees a failure after a save. A save that fails lets its error through (the stop is dropped with the run).
 */
function guardSave(): {end(): void; saved(): void} {
  let held = false
  const hold = () => {
    held = true
  }
  process.on('SIGTERM', hold)
  process.on('SIGINT', hold)
  return {
    end() {
      process.off('SIGTERM', hold)
      process.off('SIGINT', hold)
    },
    saved() {
      if (held) exitOk()
      if (process.listeners('SIGTERM').includes(exitOk)) return
      process.on('SIGTERM', exitOk)
      process.on('SIGINT', exitOk)
    },
  }
}

const exitOk = () => process.exit(0)

/**
 * Reads the window page by page and writes what is new or changed; answers the high-water mark. Stops between
 * pages once the run is stopped (the read in flight is cancelled by the wait limits).
 */
async function readWindow<T extends {id: string}, Shown>(
  options: SinceRunOptions<T, Shown>,
  previous: SinceState | undefined,
  tracker: SinceTracker,
  write: (shown: Shown[]) => Promise<void>,
): Promise<string | undefined> {
  let highWater = previous?.highWater
  const silent = options.baseline && tracker.first
  for await (const page of options.pages(previous)) {
    const shown: Shown[] = []
    for (const item of page) {
      const createdAt = options.window?.createdAt(item)
      highWater = laterOf(highWater, createdAt)
      const {changed, previous: before} = tracker.observe(item.id, options.fingerprint(item), createdAt)
      if (changed && !silent) shown.push(options.shown(item, before))
    }
    await write(shown)
    if (currentWaitLimits().signal?.aborted) break
  }
  return highWater
}

/** The notice of the first Ctrl-C or SIGTERM of a since-state run. */
const SINCE_STOPPING =
  'Stopping: the page being read is cancelled and the state file is not advanced (press Ctrl-C again to quit at once)…'

/** Ctrl-C in a since-state run: where it stopped, and that the state file is as the last successful run left it. */
function stoppedRun(path: string, written: number, cancelled: boolean): Error {
  const where = cancelled ? 'interrupted, the page being read cancelled' : 'interrupted after the page in flight'
  return interruptedError(`${where}, ${written} item${written === 1 ? '' : 's'} written; ${path} was not advanced`, [
    're-run the same command: it repeats the whole window (the items written now come again), so nothing is lost',
  ])
}
