import type {CursorPageOptions} from '../../client/pagination.js'
import type {StreamedItems, UnreadItems} from '../../contract/results/index.js'
import {writeCursorList} from './cursor-list.js'
import {keptPages, ListedItems} from './listed-items.js'
import type {Column, ListFormat, Output} from './output.js'

/**
 * A cursor list as a command's `run()` returns it: its pages not yet read, the columns it is shown in and where it
 * starts and stops. The base command renders it (renderItemStream), so the command prints nothing itself.
 */
export interface ItemStream<T> extends UnreadItems {
  columns: Column<T>[]
  pages(position: Pick<CursorPageOptions, 'cursor' | 'onPage'>): AsyncIterable<T[]>
  /** --all: every page; else one. */
  all: boolean
  /** --cursor: where an earlier run stopped. */
  cursor?: string
  format?: ListFormat
  /** Said to a person at a terminal when the list is empty ("No counterparties."). */
  empty: string
}

export const itemStream = <T>(stream: Omit<ItemStream<T>, 'itemStream'>): ItemStream<T> => ({
  itemStream: true,
  ...stream,
})

/**
 * Reads and writes the list page by page (tables, JSON, JSONL, CSV, TSV; the position on stderr): the items of a
 * run for data (an MCP tool), else the count it printed, so that memory stays flat however long the list.
 */
export async function renderItemStream<T>(
  out: Output,
  stream: ItemStream<T>,
  jsonErrors: boolean,
): Promise<T[] | StreamedItems> {
  const listed = new ListedItems<T>(out)
  const written = await writeCursorList({
    out,
    columns: stream.columns,
    format: stream.format,
    all: stream.all,
    cursor: stream.cursor,
    jsonErrors,
    pages: position => keptPages(stream.pages(position), listed),
  })
  if (written === 0) out.note(stream.empty)
  return listed.result()
}
