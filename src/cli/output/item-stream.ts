import type {UnreadItems} from '../../results/index.js'
import type {DocumentColumns, ListFormat} from './columns.js'

/** A list as it is being written: how many items so far, and its end (a JSON array's `]`). */
export interface WrittenList {
  readonly written: number
  /** What it is written as ('table' on a terminal); undefined when the items are collected for data. */
  readonly format?: string
  end(): void
}

/**
 * Items that `run()` returns unread, page by page: a list, the rows of an import, the payouts a batch applied, a
 * raw API list. It knows its columns, its format and what it says beside its items (the position line, a summary);
 * the base command alone renders it (src/cli/output/render-stream.ts): as JSON, JSONL, a table, TSV or CSV, or
 * collected for a run for data. A printing run keeps none of the items, so its memory stays flat however many.
 */
export interface ItemStream<T> extends UnreadItems {
  readonly columns: DocumentColumns<T>
  /** -o, or a format the command imposes (undefined: the list default). */
  readonly format?: ListFormat
  /** One item asked for: JSON prints it as an object, not an array of one (nothing when none came). */
  readonly single?: boolean
  /** The list continues an earlier run's output (--cursor, --offset): CSV goes on without its header. */
  readonly continued?: boolean
  /** One line a person reads per item, in place of a table (outside --json and the script flags). */
  readonly line?: (item: T) => string
  /** The pages, read as they are written: the next page is asked for once the one before is out. */
  pages(): AsyncIterable<T[]>
  /** Runs the whole read and write (Ctrl-C watching, wait limits, a lock), default as it is. */
  around?<R>(render: () => Promise<R>): Promise<R>
  /** After the list was written and ended: the position line, a note, a summary, or the error the command ends with. */
  ended?(list: WrittenList): void | Promise<void>
  /** Reading failed: the error the command ends with (`list.end()` first when the output so far is complete). */
  failed?(error: unknown, list: WrittenList): unknown
  /**
   * What the run answers once the stream is written, in place of its items: the summary of a command that serves
   * until stopped (not printed).
   */
  result?(): unknown
  /** How many items a printing run wrote, once rendered. */
  written?: number
}

export const itemStream = <T>(stream: Omit<ItemStream<T>, 'itemStream'>): ItemStream<T> => ({
  itemStream: true,
  ...stream,
})

export const isItemStream = (value: unknown): value is ItemStream<unknown> =>
  (value as Partial<UnreadItems> | undefined)?.itemStream === true
