import type {ChunkEvent} from '../../services/import/send/runner.js'
import {count} from '../output/import-summary.js'
import type {Output, Spinner} from '../output/output.js'

/**
 * Progress of the sending pass: on a TTY an ora spinner (rows done of total, chunks, rate, ETA); otherwise
 * (cron logs) a line on stderr at most every 10% of the rows and every 10 seconds, whichever is rarer (not under
 * --json, whose stderr is kept for the error object). The summary at the end counts every row either way.
 */

/** Without a terminal: a progress line needs this share of the rows done since the last line… */
const LINE_EVERY_SHARE = 0.1
/** …and this long since the last line (or the start). */
const LINE_EVERY_MS = 10_000

export {count}

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?'
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes} min ${Math.round(seconds % 60)} s`
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`
}

export function describeChunk(event: ChunkEvent): string {
  const {outcome} = event
  if (outcome.kind === 'transient') return `not confirmed: ${outcome.message} (a re-run sends it again)`
  const tally = new Map<string, number>()
  for (const row of outcome.rows) tally.set(row.status, (tally.get(row.status) ?? 0) + 1)
  const done = [...tally]
    .map(([status, n]) => `${count(n)} ${status === 'present' ? 'already present' : status}`)
    .join(', ')
  return outcome.kind === 'rejected' ? `${done}; ${outcome.message}` : done
}

export class ImportProgress {
  private spinner?: Spinner
  private readonly started = Date.now()
  private sentRows = 0
  private lastLine = {at: Date.now(), done: 0}

  constructor(
    private readonly out: Output,
    private readonly totals: {rows: number; label: string},
  ) {}

  get interactive(): boolean {
    return this.out.canAnimate
  }

  async start(): Promise<void> {
    if (this.interactive)
      this.spinner = await this.out.spinner(`Importing ${this.totals.label}: 0 of ${count(this.totals.rows)} rows`)
  }

  chunk(event: ChunkEvent): void {
    const {counts} = event
    const done =
      counts.created +
      counts.updated +
      counts.present +
      counts.followedUp +
      counts.conflicts +
      counts.failed +
      counts.unchanged +
      counts.conflictsEarlier
    this.sentRows += event.rows
    if (this.spinner) {
      const seconds = (Date.now() - this.started) / 1000
      const rate = seconds > 0 ? this.sentRows / seconds : 0
      const chunksDone = counts.chunksSent
      const eta = rate > 0 ? `, about ${duration((this.totals.rows - done) / rate)} left` : ''
      this.spinner.update(
        `Importing ${this.totals.label}: ${count(done)} of ${count(this.totals.rows)} rows, ${count(chunksDone)} chunks sent, ${count(Math.round(rate))} rows/s${eta}`,
      )
      return
    }
    // A chunk without an answer stops the import: its line says why (at most one per chunk in flight).
    if (event.outcome.kind !== 'transient' && !this.lineDue(done)) return
    // A chunk without an answer did nothing: the count it would show is the one shown before it.
    const tally = event.outcome.kind === 'transient' ? '' : ` (${count(done)}/${count(this.totals.rows)} rows)`
    this.out.info(`chunk ${event.chunk}, lines ${event.firstLine}-${event.lastLine}: ${describeChunk(event)}${tally}`)
  }

  /** Whether a plain progress line is due: enough rows and enough time since the last one. */
  private lineDue(done: number): boolean {
    const now = Date.now()
    if (done - this.lastLine.done < this.totals.rows * LINE_EVERY_SHARE || now - this.lastLine.at < LINE_EVERY_MS)
      return false
    this.lastLine = {at: now, done}
    return true
  }

  stop(): void {
    this.spinner?.stop()
    this.spinner = undefined
  }
}
