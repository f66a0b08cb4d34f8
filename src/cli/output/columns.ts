import {columnKey} from './script.js'

export type ListFormat = 'table' | 'json' | 'jsonl' | 'csv' | 'tsv'
export const LIST_FORMATS = ['table', 'json', 'jsonl', 'csv', 'tsv'] as const

export interface Column<T> {
  header: string
  /** The name --fields selects it by: the JSON key it shows (default: the header in camelCase). */
  key?: string
  value(row: T): string
  align?: 'left' | 'right'
  /** The raw value for csv exports (defaults to `value`). */
  raw?(row: T): string | number | boolean | undefined
  /** Only in CSV exports (e.g. a currency the table already shows beside the amount). */
  csvOnly?: boolean
  /** Only in the table (e.g. one recipient column that CSV exports split by kind). */
  tableOnly?: boolean
  /** The column's name in CSV exports and --fields (default: the header in camelCase, as JSON keys are). */
  csvHeader?: string
  /**
   * A table on a narrow terminal may leave this column out; the highest `drop` goes first (undefined: never).
   * --fields naming it keeps it.
   */
  drop?: number
}

/**
 * Columns that also know the keys of their resource's JSON documents (the response schema's), so that --fields is
 * checked against what the command can print, also when no row comes (an empty list).
 */
export type DocumentColumns<T> = Column<T>[] & {documentKeys?: readonly string[]}

export function withDocumentKeys<T>(columns: Column<T>[], documentKeys: readonly string[]): DocumentColumns<T> {
  return Object.assign(columns, {documentKeys})
}

/** The names --fields may use with these columns: their keys, then the document keys they know of. */
export function knownFields<T>(columns: DocumentColumns<T>): string[] {
  return [...new Set([...columns.map(columnKey), ...(columns.documentKeys ?? [])])]
}
