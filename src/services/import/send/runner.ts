import {present} from '../../../shared/present.js'
import {messageOf} from '../../../shared/thrown.js'
import type {Journal, JournalRow} from '../plan/journal.js'
import type {Chunk, ChunkRow} from './chunks.js'
import type {ReportLine, ReportWriter} from './report.js'
import type {ChunkOutcome, ChunkSender, RowOutcome, RowStatus} from './send.js'

/**
 * The sending step: `concurrency` chunks in flight, each recorded in the journal as soon as it is done. It
 * stops sending on Ctrl-C (the chunks in flight finish first, so the journal stays exact), on a transient
 * failure that outlived the client's retries (the service is likely down: exit 7, resumable), and on a
 * fatal error (credentials, scope). Rows the service refuses do not stop it: they are reported as failed.
 */

export interface ChunkEvent {
  chunk: number
  firstLine: number
  lastLine: number
  rows: number
  outcome: ChunkOutcome
  /** The send's result as of this chunk. */
  counts: SendResult
}

/** What the send stage hands on: the rows' counts, why it stopped early, the first problems. */
export interface SendResult {
  created: number
  updated: number
  /** Already on the service with the same content: replays and payouts found by customId. */
  present: number
  /** The journal knows them with the same content: nothing sent. */
  unchanged: number
  /** Imported earlier; this run's --and-then applied to them. */
  followedUp: number
  /** Found by this run: the payout moved on, or differs. */
  conflicts: number
  /** Reported by an earlier run (the journal has them); not looked at again. */
  conflictsEarlier: number
  failed: number
  /** Of the failed rows: payouts the service's answer already showed `failed` (their payment was declined). */
  paymentsFailed: number
  /** Rows a re-run will send: never sent, or sent without a confirmation. */
  pending: number
  /** Chunks with rows to send. */
  chunks: number
  chunksSent: number
  chunksFailed: number
  stopped?: 'interrupted' | 'transient' | 'fatal'
  /** The first transient problem, or the fatal error. */
  problem?: string
  fatal?: unknown
  /** Failed and conflicting rows, first ones only (for the screen). */
  problems: ReportLine[]
}

export interface RunOptions<Item> {
  chunks: AsyncIterable<Chunk<Item>>
  send: ChunkSender<Item>
  keyOf: (rows: ChunkRow<Item>[]) => string
  journal: Journal
  concurrency: number
  andThen?: string
  /** Aborted on Ctrl-C. */
  signal?: AbortSignal
  report?: ReportWriter
  onChunk?: (event: ChunkEvent) => void
  /** Every row's line of the report (invalid and settled rows too), in file order, as its chunk is done. */
  onLines?: (lines: ReportLine[]) => void
  /** Failed and conflicting rows kept for the screen (default 20). */
  keepProblems?: number
}

export const emptySendResult = (): SendResult => ({
  created: 0,
  updated: 0,
  present: 0,
  unchanged: 0,
  followedUp: 0,
  conflicts: 0,
  conflictsEarlier: 0,
  failed: 0,
  paymentsFailed: 0,
  pending: 0,
  chunks: 0,
  chunksSent: 0,
  chunksFailed: 0,
  problems: [],
})

const COUNTED: Partial<
  Record<RowStatus, 'created' | 'updated' | 'present' | 'followedUp' | 'conflicts' | 'failed' | 'pending'>
> = {
  created: 'created',
  updated: 'updated',
  present: 'present',
  'followed-up': 'followedUp',
  conflict: 'conflicts',
  failed: 'failed',
  unconfirmed: 'pending',
  'not-sent': 'pending',
}

/** What the journal keeps of a row's outcome (rows with nothing settled on the service are left out). */
function journalRow<Item>(row: ChunkRow<Item>, outcome: RowOutcome, andThen?: string): JournalRow | undefined {
  const status = journalStatus(row, outcome)
  if (status === undefined) return undefined
  const conflict = outcome.status === 'conflict'
  return {
    customId: row.customId,
    content: row.content,
    line: row.line,
    derived: row.derived,
    payoutId: outcome.payoutId ?? row.previous?.payoutId,
    status,
    andThen: conflict ? undefined : andThen,
    note: conflict ? outcome.error : undefined,
  }
}

/** The status the journal keeps for a row's outcome; undefined: nothing is settled on the service. */
function journalStatus<Item>(row: ChunkRow<Item>, outcome: RowOutcome): JournalRow['status'] | undefined {
  switch (outcome.status) {
    case 'created':
    case 'updated':
    case 'present':
      return outcome.status
    case 'followed-up':
      return row.previous?.status ?? 'created'
    case 'conflict':
      return 'conflict'
    case 'failed':
      // A declined payment: the payout exists as the row says (import-status and --retry-failed take it on).
      return outcome.declined ? (row.previous?.status ?? 'created') : undefined
    default:
      return undefined
  }
}

/** A chunk's report lines, in file order: its rows, the invalid rows and the settled rows among them. */
function linesOf<Item>(chunk: Chunk<Item>, outcomes: RowOutcome[] | undefined): ReportLine[] {
  const lines: ReportLine[] = chunk.rows.map((row, i) => ({
    line: row.line,
    // A row known by its id has no customId of its own: the report's payoutId column names it.
    customId: row.customId === row.payoutId ? undefined : row.customId,
    ...(outcomes?.[i] ?? {status: 'not-sent'}),
  }))
  for (const row of chunk.skipped) lines.push({...row, status: 'invalid'})
  for (const row of chunk.settled)
    lines.push(row.status === 'conflict' ? {...row, error: `${row.error ?? ''} (reported earlier)`.trim()} : row)
  return lines.sort((a, b) => a.line - b.line)
}

export async function runChunks<Item>(options: RunOptions<Item>): Promise<SendResult> {
  const run = new Runner(options)
  return run.all()
}

class Runner<Item> {
  private readonly result: SendResult = emptySendResult()
  private readonly inFlight = new Set<Promise<void>>()
  /** Report lines wait here until every chunk before them is written (chunks finish out of order). */
  private readonly finished = new Map<number, ReportLine[]>()
  private nextToReport = 1
  private reportWrites = Promise.resolve()
  /** The previous chunk's journal write and event: events go out in the order their chunks were counted. */
  private lastEvent: Promise<unknown> = Promise.resolve()

  constructor(private readonly options: RunOptions<Item>) {}

  async all(): Promise<SendResult> {
    const onAbort = () => this.stop('interrupted')
    if (this.options.signal?.aborted) onAbort()
    this.options.signal?.addEventListener('abort', onAbort)
    try {
      for await (const chunk of this.options.chunks) {
        this.countSettled(chunk)
        if (chunk.rows.length) this.result.chunks++
        if (!chunk.rows.length) this.deliver(chunk, () => linesOf(chunk, []))
        else if (this.result.stopped) {
          this.result.pending += chunk.rows.length
          this.deliver(chunk, () => linesOf(chunk, undefined))
          // Without a report there is nothing left to learn from the rest of the file.
          if (!this.options.report && !this.options.onLines) break
        } else await this.start(chunk)
      }
      await Promise.all(this.inFlight)
      await this.reportWrites
    } finally {
      this.options.signal?.removeEventListener('abort', onAbort)
    }
    return this.result
  }

  private countSettled(chunk: Chunk<Item>): void {
    for (const row of chunk.settled) {
      if (row.status === 'unchanged') this.result.unchanged++
      else {
        this.result.conflictsEarlier++
        this.keepProblem({...row, error: `${row.error ?? ''} (reported earlier)`.trim()})
      }
    }
  }

  private async start(chunk: Chunk<Item>): Promise<void> {
    const task = this.options
      .send(chunk, this.options.keyOf)
      .then(outcome => this.settle(chunk, outcome))
      .catch(error => this.stop('fatal', messageOf(error), error))
    const tracked = task.finally(() => this.inFlight.delete(tracked))
    this.inFlight.add(tracked)
    while (this.inFlight.size >= this.options.concurrency) await Promise.race(this.inFlight)
  }

  private stop(reason: NonNullable<SendResult['stopped']>, problem?: string, fatal?: unknown): void {
    const rank = {interrupted: 1, transient: 2, fatal: 3}
    const result = this.result
    if (!result.stopped || rank[reason] > rank[result.stopped]) {
      result.stopped = reason
      result.problem = problem ?? result.problem
      result.fatal = fatal ?? result.fatal
    }
  }

  /** The first failed and conflicting rows; a row that caused a chunk's refusal goes before the rows it took along. */
  private keepProblem(line: ReportLine): void {
    const problems = this.result.problems
    const limit = this.options.keepProblems ?? 20
    const follower = (row: ReportLine) => row.error?.startsWith('not created: ') ?? false
    if (problems.length >= limit) {
      const last = problems.findLastIndex(follower)
      if (follower(line) || last === -1) return
      problems.splice(last, 1)
    }
    const at = follower(line) ? problems.length : problems.findIndex(follower)
    problems.splice(at === -1 ? problems.length : at, 0, line)
  }

  private async settle(chunk: Chunk<Item>, outcome: ChunkOutcome): Promise<void> {
    const journalRows: JournalRow[] = []
    chunk.rows.forEach((row, i) => {
      const rowOutcome = outcome.rows[i]
      const counter = COUNTED[rowOutcome.status]
      if (counter) this.result[counter]++
      if (rowOutcome.declined) this.result.paymentsFailed++
      if (rowOutcome.status === 'failed' || rowOutcome.status === 'conflict')
        this.keepProblem({line: row.line, customId: row.customId, ...rowOutcome})
      const entry = journalRow(row, rowOutcome, this.options.andThen)
      if (entry) journalRows.push(entry)
    })
    if (outcome.kind !== 'transient') this.result.chunksSent++
    if (outcome.kind === 'rejected') this.result.chunksFailed++
    // The counts as of this chunk, and its event after the events of the chunks counted before it: chunks
    // finishing together never show the same count twice, nor a smaller one after a bigger one.
    const counts = {...this.result}
    const recorded = this.options.journal.record(journalRows)
    const emitted = this.lastEvent.then(() => recorded).then(() => this.finishChunk(chunk, outcome, counts))
    this.lastEvent = emitted.catch(() => undefined)
    await emitted
  }

  private finishChunk(chunk: Chunk<Item>, outcome: ChunkOutcome, counts: SendResult): void {
    if (outcome.kind === 'transient')
      this.stop(outcome.fatal ? 'fatal' : 'transient', `chunk ${chunk.number}: ${outcome.message}`, outcome.fatal)
    this.deliver(chunk, () => linesOf(chunk, outcome.rows))
    this.options.onChunk?.({
      chunk: chunk.number,
      firstLine: chunk.rows[0].line,
      lastLine: chunk.rows[chunk.rows.length - 1].line,
      rows: chunk.rows.length,
      outcome,
      counts,
    })
  }

  /** A chunk's report lines (made only when a report or `onLines` takes them), in chunk order. */
  private deliver(chunk: Chunk<Item>, lines: () => ReportLine[]): void {
    const {report, onLines} = this.options
    if (!report && !onLines) return
    this.finished.set(chunk.number, lines())
    this.reportWrites = this.reportWrites.then(async () => {
      while (this.finished.has(this.nextToReport)) {
        const ready = present(this.finished.get(this.nextToReport))
        this.finished.delete(this.nextToReport)
        this.nextToReport++
        onLines?.(ready)
        await report?.write(ready)
      }
    })
  }
}
