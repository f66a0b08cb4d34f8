import type {CursorPageOptions, CursorPosition} from '../../client/pagination.js'
import {type InterruptOptions, interruptedError, READ_CANCELLED} from '../interrupt.js'
import type {DocumentColumns, ListFormat} from './columns.js'
import {type ItemStream, itemStream} from './item-stream.js'
import type {Output} from './output.js'
import {watchedRead} from './watched-read.js'

export interface CursorListOptions<T> {
  out: Output
  columns: DocumentColumns<T>
  format?: ListFormat
  /** --all: stream every page. */
  all: boolean
  /** --cursor: start where an earlier run stopped. */
  cursor?: string
  /** --json as given (errors and the position line are JSON then). */
  jsonErrors: boolean
  /** Said to a person at a terminal when the list is empty ("No counterparties."). */
  empty: string
  /**
   * The command (`payouts list`): it begins the position line when the list went to a file or pipe, so that a
   * person watching a script's stderr knows which step said it.
   */
  command: string
  /**
   * How Ctrl-C is watched while the list is read: it stops the list, says where to continue and exits 130. Default:
   * with --all only (the read in flight is cancelled); a single page is left to end by itself.
   */
  interrupts?: InterruptOptions
  pages(options: Pick<CursorPageOptions, 'cursor' | 'onPage'>): AsyncIterable<T[]>
}

/**
 * A v2 cursor list, streamed in every format (JSON: an array of the items, as every list). Where the list stands
 * afterwards goes to stderr: the cursor to continue from (also when a page fails midway, so an export can resume
 * without duplicates), or the end of the list.
 */
export function cursorStream<T>(options: CursorListOptions<T>): ItemStream<T> {
  const watched = options.interrupts ?? (options.all ? {notice: READ_CANCELLED} : undefined)
  let signal: AbortSignal | undefined
  let pending: CursorPosition = {hasMore: true, nextCursor: options.cursor}
  let done: CursorPosition = pending
  const report = (written: number, failed: boolean) => reportPosition(options, done, written, failed)
  return itemStream<T>({
    columns: options.columns,
    format: options.format,
    // A run from --cursor continues an export: its CSV is appended without the header.
    continued: Boolean(options.cursor),
    around: render =>
      watched
        ? watchedRead(watched, aborted => {
            signal = aborted
            return render()
          })
        : render(),
    async *pages() {
      for await (const page of options.pages({cursor: options.cursor, onPage: position => (pending = position)})) {
        yield page
        done = pending
        if (signal?.aborted) break
      }
      done = pending
    },
    failed(error, list) {
      // Ctrl-C cancels the read in flight: what was written stays complete, and the hint says where to resume.
      if (!signal?.aborted) {
        if (list.written > 0 || options.cursor) report(list.written, true)
        return error
      }
      list.end()
      return stopped(list.written)
    },
    ended({written}) {
      if (signal?.aborted) throw stopped(written)
      report(written, false)
      if (written === 0) options.out.note(options.empty)
    },
  })

  /** After Ctrl-C: where the list stopped, and the error (exit 130). */
  function stopped(written: number): Error {
    report(written, true)
    return interruptedError(`interrupted after ${written} items (the output so far is complete)`)
  }
}

function reportPosition<T>(options: CursorListOptions<T>, at: CursorPosition, written: number, failed: boolean) {
  const cursor = at.hasMore ? (at.nextCursor ?? null) : null
  if (options.jsonErrors) return options.out.detail({written, hasMore: at.hasMore, nextCursor: cursor})
  if (!cursor && at.hasMore)
    return options.out.stderr(`Stopped after ${written}, before the first page: run the same command again.`)
  // The end of the list is news to a person only: a cron job that reached it prints nothing.
  if (!cursor && !failed && !options.out.stderrIsTTY) return
  const from = options.out.stdoutIsTTY ? '' : `${options.command}: `
  if (!cursor) return options.out.stderr(`${from}${written} written; end of the list.`)
  const what = failed ? `${from}Stopped after ${written}` : `${from}${written} written`
  // On a terminal the line folds before the flag, which stays with its cursor (one piece to copy).
  options.out.stderr(`${what}; continue with --cursor ${cursor}`, {shell: true})
}
