import {currentWaitLimits, withWaitLimits} from '../../client/waits.js'
import {laterOf, SinceTracker} from '../../services/since-state/since-tracker.js'
import {
  checkSinceStatePath,
  lockSinceState,
  type RunIdentity,
  readSinceState,
  type SinceState,
  writeSinceState,
} from '../../services/since-state/state-file.js'
import {present} from '../../shared/present.js'
import {type Interruption, interruptedError, watchInterrupts, writeUninterrupted} from '../interrupt.js'
import {type ItemSource, itemSource} from '../item-source.js'
import type {Reporter} from '../reporter.js'

export interface SinceRunOptions<T extends {id: string}, Shown> {
  report: Reporter
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
  /** Once FILE is saved: what the run wrote, whether it was the first, how many items FILE tracks. */
  saved?(run: {written: number; first: boolean; tracked: number}): void
}

/**
 * An unattended run, as items: reads the window, lists what is new or changed since the last successful run, waits
 * until what was written left the process (stdout flushed), and only then replaces the state file. A run that fails or is killed before
 * that leaves the state as it was, so the next run repeats its window. Ctrl-C or SIGTERM cancels the page being
 * read (and any retry wait), keeps FILE as it was and says so (exit 130, 143 after SIGTERM).
 */
export function sinceStateItems<T extends {id: string}, Shown>(options: SinceRunOptions<T, Shown>): ItemSource<Shown> {
  const {report, path} = options
  let interrupts: Interruption | undefined
  let previous: SinceState | undefined
  let tracker: SinceTracker | undefined
  let highWater: string | undefined
  const aborted = () => Boolean(interrupts?.signal.aborted)
  return itemSource<Shown>({
    async around(render) {
      await checkSinceStatePath(path)
      const unlock = await lockSinceState(path)
      interrupts = watchInterrupts({notice: SINCE_STOPPING})
      const signal = interrupts.signal
      let saved = false
      try {
        previous = await readSinceState(path, options.run)
        tracker = new SinceTracker(previous?.seen)
        highWater = previous?.highWater
        const rendered = await withWaitLimits({signal}, render)
        saved = true
        return rendered
      } finally {
        interrupts.dispose()
        // After the save, the lock only keeps another run out of a finished one: a failure to remove it must not
        // make a saved run fail (a lock of a process that is gone is taken over by the next run).
        await unlock().catch(error => {
          if (!saved) throw error
        })
      }
    },
    async *pages() {
      // Stops between pages once the run is stopped (the read in flight is cancelled by the wait limits).
      const silent = options.baseline && present(tracker).first
      for await (const page of options.pages(previous)) {
        const shown: Shown[] = []
        for (const item of page) {
          const createdAt = options.window?.createdAt(item)
          highWater = laterOf(highWater, createdAt)
          const {changed, previous: before} = present(tracker).observe(item.id, options.fingerprint(item), createdAt)
          if (changed && !silent) shown.push(options.shown(item, before))
        }
        yield shown
        if (currentWaitLimits().signal?.aborted) break
      }
    },
    async failed(error, list) {
      if (!aborted()) return error
      list.end()
      await report.flush()
      return stoppedRun(path, list.written, true)
    },
    async ended({written}) {
      await report.flush()
      if (aborted()) throw stoppedRun(path, written, false)
      const seen = present(tracker).seen(options.window?.keepFrom(highWater))
      present(interrupts).dispose()
      await writeUninterrupted(() =>
        writeSinceState(path, {version: 1, ...options.run, ...(options.window ? {highWater} : {}), seen}),
      )
      options.saved?.({written, first: present(tracker).first, tracked: present(tracker).count})
    },
  })
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
