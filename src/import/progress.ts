import type {Output, Spinner} from '../output/output.js'
import type {ChunkEvent} from './runner.js'

/**
 * Progress of the sending pass: on a TTY an ora spinner (rows done of total, chunks, rate, ETA); otherwise
 * one line per chunk on stderr (not under --json, whose stderr is kept for the error object).
 */

export const count = (n: number) => n.toLocaleString('en-US')

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?'
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes} min ${Math.round(seconds % 60)} s`
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`
}

export function describeChunk(event: ChunkEvent): string {
  const {outcome} = event
  if (outcome === 'imported-earlier') return 'already imported by an earlier run'
  const created = outcome.rows.filter(r => r.status === 'created').length
  const updated = outcome.rows.filter(r => r.status === 'updated').length
  const failed = outcome.rows.filter(r => r.status === 'failed').length
  if (outcome.kind === 'transient') return `not confirmed: ${outcome.message} (a re-run sends it again)`
  if (outcome.kind === 'rejected' && !created && !updated) return `rejected, ${outcome.message}`
  const parts = [
    created && `${count(created)} created`,
    updated && `${count(updated)} updated`,
    failed && `${count(failed)} failed`,
  ]
  const done = parts.filter(Boolean).join(', ')
  return outcome.kind === 'rejected' ? `${done}; ${outcome.message}` : done
}

export class ImportProgress {
  private spinner?: Spinner
  private readonly started = Date.now()
  private sentRows = 0

  constructor(
    private readonly out: Output,
    private readonly totals: {rows: number; chunks: number; label: string},
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
    const done = counts.created + counts.updated + counts.failed + counts.alreadyImported
    if (event.outcome !== 'imported-earlier') this.sentRows += event.rows
    if (this.spinner) {
      const seconds = (Date.now() - this.started) / 1000
      const rate = seconds > 0 ? this.sentRows / seconds : 0
      const chunksDone = counts.chunksSent + counts.chunksAlreadyImported
      const eta = rate > 0 ? `, about ${duration((this.totals.rows - done) / rate)} left` : ''
      this.spinner.update(
        `Importing ${this.totals.label}: ${count(done)} of ${count(this.totals.rows)} rows, chunk ${count(chunksDone)} of ${count(
          this.totals.chunks,
        )}, ${count(Math.round(rate))} rows/s${eta}`,
      )
      return
    }
    if (event.outcome === 'imported-earlier') return
    this.out.info(
      `chunk ${event.chunk}/${this.totals.chunks}, lines ${event.firstLine}-${event.lastLine}: ${describeChunk(event)} (${count(
        done,
      )}/${count(this.totals.rows)} rows)`,
    )
  }

  stop(): void {
    this.spinner?.stop()
    this.spinner = undefined
  }
}
