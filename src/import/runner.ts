import type {Chunk} from './chunks.js'
import type {Journal} from './journal.js'
import type {ReportLine, ReportWriter} from './report.js'
import type {ChunkOutcome, ChunkSender, RowOutcome} from './send.js'

/**
 * The runner: `concurrency` chunks in flight, each recorded in the journal as soon as it is done. It stops
 * sending on Ctrl-C (the chunks in flight finish first, so the journal stays exact), on a transient failure
 * that outlived the client's retries (the service is likely down: exit 7, resumable), and on a fatal error
 * (credentials, scope). Chunks rejected by the service do not stop it: their rows are reported as failed.
 */

export interface ChunkEvent {
  chunk: number
  firstLine: number
  lastLine: number
  rows: number
  outcome: ChunkOutcome | 'imported-earlier'
  counts: RunCounts
}

export interface RunCounts {
  created: number
  updated: number
  failed: number
  /** Rows of chunks that an earlier run finished (not sent again). */
  alreadyImported: number
  /** Rows a re-run will send: never sent, or sent without a confirmation. */
  pending: number
  chunksSent: number
  chunksFailed: number
  chunksAlreadyImported: number
}

export interface RunResult extends RunCounts {
  stopped?: 'interrupted' | 'transient' | 'fatal'
  /** The first transient problem, or the fatal error. */
  problem?: string
  fatal?: unknown
}

export interface RunOptions<Item> {
  chunks: AsyncIterable<Chunk<Item>>
  send: ChunkSender<Item>
  idempotencyKey: (chunk: Chunk<Item>) => string
  journal: Journal
  concurrency: number
  /** Valid rows in the file (every row is created, updated, failed, already imported, or pending). */
  validRows: number
  /** Aborted on Ctrl-C. */
  signal?: AbortSignal
  report?: ReportWriter
  onChunk?: (event: ChunkEvent) => void
}

export const emptyCounts = (): RunCounts => ({
  created: 0,
  updated: 0,
  failed: 0,
  alreadyImported: 0,
  pending: 0,
  chunksSent: 0,
  chunksFailed: 0,
  chunksAlreadyImported: 0,
})

export async function runChunks<Item>(options: RunOptions<Item>): Promise<RunResult> {
  const counts = emptyCounts()
  const result: RunResult = counts
  const inFlight = new Set<Promise<void>>()
  // Report lines wait here until every chunk before them is written (chunks finish out of order).
  const finished = new Map<number, ReportLine[]>()
  let nextToReport = 1
  let reportWrites = Promise.resolve()

  const stop = (reason: NonNullable<RunResult['stopped']>, problem?: string, fatal?: unknown) => {
    const rank = {interrupted: 1, transient: 2, fatal: 3}
    if (!result.stopped || rank[reason] > rank[result.stopped]) {
      result.stopped = reason
      result.problem = problem ?? result.problem
      result.fatal = fatal ?? result.fatal
    }
  }
  const onAbort = () => stop('interrupted')
  if (options.signal?.aborted) onAbort()
  options.signal?.addEventListener('abort', onAbort)

  const deliver = (number: number, lines: ReportLine[]) => {
    if (!options.report) return
    finished.set(number, lines)
    const report = options.report
    reportWrites = reportWrites.then(async () => {
      while (finished.has(nextToReport)) {
        const ready = finished.get(nextToReport)!
        finished.delete(nextToReport)
        nextToReport++
        await report.write(ready)
      }
    })
  }

  const skippedLines = (chunk: Chunk<Item>): ReportLine[] =>
    chunk.skipped.map(row => ({line: row.line, customId: row.customId, status: 'invalid', error: row.error}))

  /** Rows and skipped rows merged back into file order. */
  const linesOf = (chunk: Chunk<Item>, outcomes: RowOutcome[] | 'imported-earlier', ids?: string[]): ReportLine[] => {
    const sent: ReportLine[] = chunk.rows.map((row, i) =>
      outcomes === 'imported-earlier'
        ? {line: row.line, customId: row.customId, payoutId: ids?.[i], status: 'imported-earlier'}
        : {line: row.line, customId: row.customId, ...outcomes[i]},
    )
    return [...skippedLines(chunk), ...sent].sort((a, b) => a.line - b.line)
  }

  const event = (chunk: Chunk<Item>, outcome: ChunkEvent['outcome']) =>
    options.onChunk?.({
      chunk: chunk.number,
      firstLine: chunk.rows[0].line,
      lastLine: chunk.rows[chunk.rows.length - 1].line,
      rows: chunk.rows.length,
      outcome,
      counts: {...counts},
    })

  const settle = async (chunk: Chunk<Item>, outcome: ChunkOutcome) => {
    for (const row of outcome.rows) {
      if (row.status === 'created') counts.created++
      else if (row.status === 'updated') counts.updated++
      else if (row.status === 'failed') counts.failed++
    }
    if (outcome.kind === 'done') {
      counts.chunksSent++
      await options.journal.record({
        chunk: chunk.number,
        created: outcome.rows.filter(r => r.status === 'created').length,
        updated: outcome.rows.filter(r => r.status === 'updated').length,
        ids: outcome.rows.map(r => r.payoutId ?? ''),
      })
    } else if (outcome.kind === 'rejected') {
      counts.chunksSent++
      counts.chunksFailed++
    } else {
      stop(outcome.fatal ? 'fatal' : 'transient', `chunk ${chunk.number}: ${outcome.message}`, outcome.fatal)
    }
    deliver(chunk.number, linesOf(chunk, outcome.rows))
    event(chunk, outcome)
  }

  try {
    for await (const chunk of options.chunks) {
      if (!chunk.rows.length) {
        deliver(chunk.number, skippedLines(chunk))
        continue
      }
      if (options.journal.isDone(chunk.number)) {
        counts.alreadyImported += chunk.rows.length
        counts.chunksAlreadyImported++
        deliver(chunk.number, linesOf(chunk, 'imported-earlier', options.journal.done.get(chunk.number)?.ids))
        event(chunk, 'imported-earlier')
        continue
      }
      if (result.stopped) {
        deliver(
          chunk.number,
          linesOf(
            chunk,
            chunk.rows.map(() => ({status: 'not-sent'})),
          ),
        )
        // Without a report there is nothing left to learn from the rest of the file.
        if (!options.report) break
        continue
      }
      const task = options
        .send(chunk, options.idempotencyKey(chunk))
        .then(outcome => settle(chunk, outcome))
        .catch(error => stop('fatal', (error as Error)?.message, error))
      const tracked = task.finally(() => inFlight.delete(tracked))
      inFlight.add(tracked)
      while (inFlight.size >= options.concurrency) await Promise.race(inFlight)
    }
    await Promise.all(inFlight)
    await reportWrites
  } finally {
    options.signal?.removeEventListener('abort', onAbort)
  }
  counts.pending = options.validRows - counts.created - counts.updated - counts.failed - counts.alreadyImported
  return result
}
