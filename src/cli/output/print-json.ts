import type {Column, ListFormat} from './columns.js'
import {checkFields, printDocument} from './json-document.js'
import {listWriter} from './list-writer.js'
import {columnKey} from './script.js'
import type {TextOut} from './text-out.js'

/**
 * A command's data on stdout as the flags ask: JSON shaped by --quiet, --fields, --jq or --template
 * (printDocument), or with -o csv, tsv or jsonl its items as rows. `known`: field names valid here beside those the
 * data has.
 */
export function printJson(out: TextOut, value: unknown, options: {known?: string[]} = {}): void {
  const {quiet, jq, template, format} = out.script
  if (quiet || jq || template || !(format === 'tsv' || format === 'csv' || format === 'jsonl'))
    printDocument(out, value, options)
  else {
    checkFields(out, value, options.known)
    printRows(out, Array.isArray(value) ? value : [value], format)
  }
}

/** Documents without columns of their own as rows: one column per key (--fields: those), JSON for non-strings. */
function printRows(out: TextOut, items: unknown[], format: 'tsv' | 'csv' | 'jsonl'): void {
  const keys = out.script.fields ?? [
    ...new Set(items.flatMap(item => (item && typeof item === 'object' ? Object.keys(item) : []))),
  ]
  if (keys.length === 0) return
  const cell = (value: unknown) =>
    value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value)
  const columns: Column<Record<string, unknown>>[] = keys.map(key => ({
    header: key,
    key,
    csvHeader: key,
    value: row => cell(row[key]),
  }))
  void listWriter(out, columns, format).page(items as Array<Record<string, unknown>>)
}

/**
 * One item or several, by the output contract (docs/scripting.md): JSON is the object for one item and an array
 * for several; -o asks for a list format; else `view` shows a single item and a table several.
 */
export async function showItems<T>(
  out: TextOut,
  items: T[],
  options: {columns: Column<T>[]; single: boolean; format?: ListFormat; view?: (item: T) => void},
): Promise<void> {
  const {view} = options
  const format = options.format ?? out.script.format
  const viewed = options.single && view && !out.json && !out.script.quiet && (!format || format === 'table')
  if (viewed && items.length === 1) return view(items[0])
  // One object under --json, --fields or --quiet (without -o): its JSON keys, not the list's columns.
  if (options.single && items.length === 1 && out.json && !format)
    return printJson(out, items[0], {known: options.columns.map(columnKey)})
  await printTable(out, items, options.columns, format, {single: options.single && items.length === 1})
}

/** Rows as a table on a terminal, else as the list format the flags ask for (listWriter); `format` forces one. */
export async function printTable<T>(
  out: TextOut,
  rows: T[],
  columns: Column<T>[],
  format?: ListFormat,
  options: {single?: boolean} = {},
): Promise<void> {
  const writer = listWriter(out, columns, format, options)
  await writer.page(rows)
  writer.end()
}
