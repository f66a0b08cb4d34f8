import type {CursorPageOptions, CursorPosition} from '../../client/pagination.js'
import {type InterruptOptions, interruptedError, READ_CANCELLED} from '../interrupt.js'
import {type ItemSource, itemSource} from '../item-source.js'
import type {Reporter} from '../reporter.js'
import {watchedRead} from './watched-read.js'

export interface CursorListOptions<T> {
  report: Reporter
  /** --all: stream every page. */
  all: boolean
  /** --cursor: start where an earlier run stopped. */
  cursor?: string
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
 * A v2 cursor list, read page by page. Where the list stands afterwards is reported: the cursor to continue from
 * (also when a page fails midway, so an export can resume without duplicates), or the end of the list.
 */
export function cursorItems<T>(options: CursorListOptions<T>): ItemSource<T> {
  const watched = options.interrupts ?? (options.all ? {notice: READ_CANCELLED} : undefined)
  let signal: AbortSignal | undefined
  let pending: CursorPosition = {hasMore: true, nextCursor: options.cursor}
  let done: CursorPosition = pending
  const report = (written: number, failed: boolean) => reportPosition(options, done, written, failed)
  return itemSource<T>({
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
      if (written === 0) options.report.note(options.empty)
    },
  })

  /** After Ctrl-C: where the list stopped, and the error (exit 130). */
  function stopped(written: number): Error {
    report(written, true)
    return interruptedError(`interrupted after ${written} items (the output so far is complete)`)
  }
}

function reportPosition<T>(
  {report, command}: CursorListOptions<T>,
  at: CursorPosition,
  written: number,
  failed: boolean,
) {
  const cursor = at.hasMore ? (at.nextCursor ?? null) : null
  if (report.jsonDetails) return report.detail({written, hasMore: at.hasMore, nextCursor: cursor})
  if (!cursor && at.hasMore)
    return report.stderr(`Stopped after ${written}, before the first page: run the same command again.`)
  // The end of the list is news to a person only: a cron job that reached it prints nothing.
  if (!cursor && !failed && !report.stderrIsTTY) return
  const from = report.stdoutIsTTY ? '' : `${command}: `
  if (!cursor) return report.stderr(`${from}${written} written; end of the list.`)
  const what = failed ? `${from}Stopped after ${written}` : `${from}${written} written`
  // On a terminal the line folds before the flag, which stays with its cursor (one piece to copy).
  report.stderr(`${what}; continue with --cursor ${cursor}`, {shell: true})
}
