import type {CursorPageOptions, CursorPosition} from '../../client/pagination.js'
import {withWaitLimits} from '../../client/waits.js'
import {interruptedError, READ_CANCELLED, watchInterrupts} from '../interrupt.js'
import type {Column, ListFormat, Output} from './output.js'

export interface CursorListOptions<T> {
  out: Output
  columns: Column<T>[]
  format?: ListFormat
  /** --all: stream every page. */
  all: boolean
  /** --cursor: start where an earlier run stopped. */
  cursor?: string
  /** --json as given (errors and the position line are JSON then). */
  jsonErrors: boolean
  /** Aborted by Ctrl-C: stop, say where to continue, exit 130. Without it, --all watches Ctrl-C itself (and cancels the read in flight). */
  signal?: AbortSignal
  pages(options: Pick<CursorPageOptions, 'cursor' | 'onPage'>): AsyncIterable<T[]>
}

/**
 * Writes a v2 cursor list, streamed in every format (JSON: an array of the items, as every list). Where the list
 * stands afterwards goes to stderr: the cursor to continue from (also when a page fails midway, so an export can
 * resume without duplicates), or the end of the list.
 */
export async function writeCursorList<T>(options: CursorListOptions<T>): Promise<number> {
  if (options.signal || !options.all) return writeCursorPages(options)
  const interrupts = watchInterrupts({notice: READ_CANCELLED})
  try {
    return await withWaitLimits({signal: interrupts.signal}, () =>
      writeCursorPages({...options, signal: interrupts.signal}),
    )
  } finally {
    interrupts.dispose()
  }
}

async function writeCursorPages<T>(options: CursorListOptions<T>): Promise<number> {
  const {out} = options
  // A run from --cursor continues an export: its CSV is appended without the header.
  const writer = out.list(options.columns, options.format, {continued: Boolean(options.cursor)})
  let pending: CursorPosition = {hasMore: true, nextCursor: options.cursor}
  let done: CursorPosition = pending
  const pages = options.pages({cursor: options.cursor, onPage: position => (pending = position)})
  try {
    for await (const page of pages) {
      await writer.page(page)
      done = pending
      if (options.signal?.aborted) break
    }
    done = pending
  } catch (error) {
    // Ctrl-C cancels the read in flight: what was written stays complete, and the hint says where to resume.
    if (!options.signal?.aborted) {
      if (writer.written > 0 || options.cursor) reportPosition(options, done, writer.written, true)
      throw error
    }
  }
  writer.end()
  if (options.signal?.aborted) {
    reportPosition(options, done, writer.written, true)
    throw interruptedError(`interrupted after ${writer.written} items (the output so far is complete)`)
  }
  reportPosition(options, done, writer.written, false)
  return writer.written
}

function reportPosition<T>(options: CursorListOptions<T>, at: CursorPosition, written: number, failed: boolean) {
  const cursor = at.hasMore ? (at.nextCursor ?? null) : null
  if (options.jsonErrors) return options.out.detail({written, hasMore: at.hasMore, nextCursor: cursor})
  if (!cursor && at.hasMore)
    return options.out.stderr(`Stopped after ${written}, before the first page: run the same command again.`)
  // The end of the list is news to a person only: a cron job that reached it prints nothing.
  if (!cursor && !failed && !options.out.stderrIsTTY) return
  if (!cursor) return options.out.stderr(`${written} written; end of the list.`)
  const what = failed ? `Stopped after ${written}` : `${written} written`
  options.out.stderr(`${what}; continue with --cursor ${cursor}`)
}
