import {usageError} from '../../shared/errors.js'
import {fieldOf} from '../../shared/json-object.js'
import {terminalSafe} from '../../shared/terminal-safe.js'
import type {JqFilter} from './jq.js'

/** What --jq, --template, --fields and --quiet ask of the output (src/cli/base-command.ts builds it). */
export interface ScriptOptions {
  jq?: JqFilter
  template?: (value: unknown) => string
  fields?: string[]
  quiet?: boolean
  /** --json, --jq or --template: lists default to JSON instead of a table. */
  jsonRequested?: boolean
  /** -o as given: the format of every list, and of single objects for all but `table`. */
  format?: 'table' | 'json' | 'jsonl' | 'csv' | 'tsv'
  /** --csv-formulas: CSV cells as they are, also when a spreadsheet would read them as a formula. */
  csvFormulas?: boolean
}

/** The name a column answers to in --fields: its `key`, else its header in camelCase ("Custom ID" -> customId). */
export function columnKey(column: {header: string; key?: string; csvHeader?: string}): string {
  if (column.key) return column.key
  if (column.csvHeader) return column.csvHeader
  const words = column.header.split(/[^A-Za-z0-9]+/).filter(Boolean)
  return words.map((w, i) => (i === 0 ? w.toLowerCase() : w[0].toUpperCase() + w.slice(1).toLowerCase())).join('')
}

/** --fields a,b -> ["a", "b"]: trimmed, no empty or repeated names. */
export function parseFields(value: string): string[] {
  const fields = value.split(',').map(field => field.trim())
  const bad = fields.find(field => !/^[A-Za-z_][A-Za-z0-9_]*$/.test(field))
  if (bad !== undefined) throw usageError(`--fields: "${bad}" is not a field name like id or status`)
  return [...new Set(fields)]
}

/** Keeps only the named top-level keys of an object, or of each object of an array, in the order named. */
export function pickFields(value: unknown, fields: string[]): unknown {
  if (Array.isArray(value)) return value.map(item => pickFields(item, fields))
  if (value === null || typeof value !== 'object') return value
  const source = value as Record<string, unknown>
  return Object.fromEntries(fields.filter(field => field in source).map(field => [field, source[field]]))
}

/** The ids of a document for --quiet: its `id`, or each item's. */
export function idsOf(value: unknown): string[] {
  const items = Array.isArray(value) ? value : [value]
  return items.map(item => fieldOf(item, 'id')).filter((id): id is string => typeof id === 'string' && id !== '')
}

/**
 * A cell of tab-separated output: tabs and line breaks become spaces so that every row stays one line, and other
 * control characters are escaped (tsv is the default on a pipe and often lands on a terminal; json and csv are exact).
 */
export const tsvCell = (cell: string | number | boolean | undefined | null): string =>
  cell === undefined || cell === null ? '' : terminalSafe(String(cell).replace(/[\t\r\n]+/g, ' '))
