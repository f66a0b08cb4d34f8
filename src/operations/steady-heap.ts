import {PerformanceObserver} from 'node:perf_hooks'
import v8 from 'node:v8'

/**
 * A fixed garbage-collection envelope for the commands that stream a whole file (`payouts import`,
 * `import-status`). What they hold is the same for 10,000 rows or 10 million, but V8 sizes its heap by how
 * long a process has run: the young generation doubles (up to 2 x 16 MiB) as survivors add up, and the old
 * generation may fill to about four times its live size before a full collection. Peak memory would then grow
 * with the file's length although nothing more is kept. Here the young generation stops growing once it has
 * 2 x 8 MiB (a run reaches that in its first second), and the old generation grows by at most 30% between
 * full collections. Both are V8's own flags, read at every collection (docs/decisions.md, "Flat memory").
 */

/** The young generation (both semi-spaces) at which it stops growing. */
const YOUNG_BYTES = 16 * 1024 * 1024
const OLD_GROWTH_PERCENT = 30

let applied = false

const youngBytes = () => v8.getHeapSpaceStatistics().find(space => space.space_name === 'new_space')?.space_size ?? 0

export function steadyHeap(): void {
  if (applied) return
  applied = true
  v8.setFlagsFromString(`--heap-growing-percent=${OLD_GROWTH_PERCENT}`)
  const stopGrowing = () => {
    if (youngBytes() < YOUNG_BYTES) return false
    v8.setFlagsFromString('--semi-space-growth-factor=1')
    return true
  }
  if (stopGrowing()) return
  const observer = new PerformanceObserver(() => {
    if (stopGrowing()) observer.disconnect()
  })
  observer.observe({entryTypes: ['gc']})
}
