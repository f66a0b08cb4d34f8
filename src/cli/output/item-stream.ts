import {type ItemSource, isItemSource} from '../../operations/item-source.js'
import type {DocumentColumns, ListFormat} from './columns.js'

export type {WrittenList} from '../../operations/item-source.js'

/**
 * Items that `run()` returns unread, page by page (an operation's item source), with how they are shown: their
 * columns, their format, or one line a person reads per item. The base command alone renders it
 * (src/cli/output/render-stream.ts): as JSON, JSONL, a table, TSV or CSV, or collected for a run for data.
 */
export interface ItemStream<T> extends ItemSource<T> {
  readonly columns: DocumentColumns<T>
  /** -o, or a format the command imposes (undefined: the list default). */
  readonly format?: ListFormat
  /** One line a person reads per item, in place of a table (outside --json and the script flags). */
  readonly line?: (item: T) => string
}

/** An operation's items as the command shows them. */
export const listed = <T>(
  source: ItemSource<T>,
  shown: {columns: DocumentColumns<T>; format?: ListFormat; line?: (item: T) => string},
): ItemStream<T> => ({...source, ...shown})

export const itemStream = <T>(stream: Omit<ItemStream<T>, 'itemStream'>): ItemStream<T> => ({
  itemStream: true,
  ...stream,
})

/** What `run()` returned is an item stream: commands make every one with `listed` or `itemStream`. */
export const isItemStream = (value: unknown): value is ItemStream<unknown> => isItemSource(value)
