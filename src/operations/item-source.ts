import type {UnreadItems} from '../results/index.js'

/** A list as it is being written: how many items so far, and its end (a JSON array's `]`). */
export interface WrittenList {
  readonly written: number
  /** What it is written as ('table' on a terminal); undefined when the items are collected as data. */
  readonly format?: string
  end(): void
}

/**
 * Items an operation answers unread, page by page: a list, the rows of an import, the payouts a batch applied, a raw
 * API list. Whoever takes them reads the pages as it writes them (the CLI: src/cli/output/render-stream.ts, as JSON,
 * a table, CSV...; an agent's tool call: collected), so a printing run keeps none of the items and its memory stays
 * flat however many.
 */
export interface ItemSource<T> extends UnreadItems {
  /** One item asked for: JSON gives it as an object, not an array of one (nothing when none came). */
  readonly single?: boolean
  /** The list continues an earlier run's output (--cursor, --offset): CSV goes on without its header. */
  readonly continued?: boolean
  /** The pages, read as they are written: the next page is asked for once the one before is out. */
  pages(): AsyncIterable<T[]>
  /** Runs the whole read and write (Ctrl-C watching, wait limits, a lock), default as it is. */
  around?<R>(render: () => Promise<R>): Promise<R>
  /** After the list was written and ended: the position, a note, a summary, or the error the run ends with. */
  ended?(list: WrittenList): void | Promise<void>
  /** Reading failed: the error the run ends with (`list.end()` first when the output so far is complete). */
  failed?(error: unknown, list: WrittenList): unknown
  /**
   * What the run answers once the items are written, in place of them: the summary of an operation that serves until
   * stopped (not printed).
   */
  result?(): unknown
  /** How many items a printing run wrote, once rendered. */
  written?: number
}

export const itemSource = <T>(source: Omit<ItemSource<T>, 'itemStream'>): ItemSource<T> => ({
  itemStream: true,
  ...source,
})

export const isItemSource = (value: unknown): value is ItemSource<unknown> =>
  (value as Partial<UnreadItems> | undefined)?.itemStream === true
