import {neutralizedCell} from '../../shared/csv-formula.js'
import {csvLine} from '../../shared/csv-line.js'
import {usageError} from '../../shared/errors.js'
import {terminalSafe} from '../../shared/terminal-safe.js'
import {type Column, type DocumentColumns, knownFields, type ListFormat} from './columns.js'
import {checkFields, jsonLine, printDocument} from './json-document.js'
import {columnKey, idsOf, pickFields, tsvCell} from './script.js'
import {TableWriter} from './table-writer.js'
import type {TextOut} from './text-out.js'

/** What a list writer actually writes: a list format, or only ids (--quiet). */
export type WriterFormat = ListFormat | 'ids'

/**
 * The format a list is written in: ids under --quiet; else the one asked for (`asked`, then -o); else JSON under
 * --json/--jq/--template, a table on a terminal, and tab-separated values without a header in a pipe (gh's way).
 */
function listFormat(out: TextOut, asked: ListFormat | undefined): WriterFormat {
  const {quiet, jq, template, jsonRequested} = out.script
  const explicit = asked ?? out.script.format
  if (quiet) return 'ids'
  if ((jq || template) && explicit && explicit !== 'json' && explicit !== 'jsonl')
    throw usageError(`${jq ? '--jq' : '--template'} works on JSON: use --output json or jsonl, not ${explicit}`)
  if (explicit) return explicit
  if (jsonRequested ?? out.json) return 'json'
  return out.stdoutIsTTY ? 'table' : 'tsv'
}

/**
 * A list written page by page, so that memory stays flat: a table (header once, widths fixed by the first page),
 * tab-separated lines, a streamed JSON array, JSON lines, CSV, or ids (--quiet). `explicit` forces a format;
 * --fields picks the columns of a table, CSV or TSV.
 */
export function listWriter<T>(
  out: TextOut,
  columns: DocumentColumns<T>,
  explicit?: ListFormat,
  options: {single?: boolean; continued?: boolean} = {},
): ListWriter<T> {
  const format = listFormat(out, explicit)
  const fields = out.script.fields
  let shown: DocumentColumns<T> = columns
  if (fields && ['table', 'csv', 'tsv'].includes(format)) {
    const known = columns.map(columnKey)
    const unknown = fields.find(field => !known.includes(field))
    if (unknown) throw usageError(`--fields: "${unknown}" is not a column here; choose from ${known.join(', ')}`)
    shown = fields.map(field => ({...columns[known.indexOf(field)], csvOnly: false, tableOnly: false}))
  }
  return new ListWriter(out, shown, format, Boolean(options.single), Boolean(options.continued))
}

export class ListWriter<T> {
  private count = 0
  private table?: TableWriter<T>
  /** The whole array under --jq, or one item asked for: printed as one document at the end. */
  private readonly buffered: T[] = []

  constructor(
    private readonly out: TextOut,
    private readonly columns: DocumentColumns<T>,
    readonly format: WriterFormat,
    /** One item asked for: JSON prints it as an object, not an array of one. */
    private readonly single = false,
    /** The list continues an earlier run's output (--cursor, --offset): CSV goes on without its header. */
    private readonly continued = false,
  ) {}

  get written(): number {
    return this.count
  }

  async page(rows: T[]): Promise<void> {
    const {jq, template} = this.out.script
    if (this.count === 0 && this.format !== 'ids') checkFields(this.out, rows, knownFields(this.columns))
    if (this.format === 'ids') this.idsPage(rows)
    else if (this.format === 'json' && (jq || this.single)) this.buffered.push(...rows)
    else if (this.format === 'jsonl' || (this.format === 'json' && template))
      for (const row of rows) jsonLine(this.out, row)
    else if (this.format === 'json') this.jsonPage(rows)
    else if (this.format === 'csv') this.csvPage(rows)
    else if (this.format === 'tsv') this.tsvPage(rows)
    else if (rows.length > 0) {
      this.table ??= new TableWriter(
        this.out,
        this.columns.filter(c => !c.csvOnly),
      )
      await this.table.page(rows, this.count)
    }
    this.count += rows.length
  }

  end(): void {
    // One item asked for and none came (it was left out): nothing to print.
    if (this.single && this.count === 0) return
    // No row came: --fields is still checked, against the fields the command knows of.
    if (this.count === 0 && this.format !== 'ids') checkFields(this.out, [], knownFields(this.columns))
    if (this.format !== 'json') return
    const {jq, template} = this.out.script
    const known = knownFields(this.columns)
    if (this.single) printDocument(this.out, this.buffered.length === 1 ? this.buffered[0] : this.buffered, {known})
    else if (jq) printDocument(this.out, this.buffered, {known})
    else if (!template) this.out.write(this.count === 0 ? '[]\n' : '\n]\n')
  }

  private idsPage(rows: T[]): void {
    const idColumn = this.columns.find(c => columnKey(c) === 'id')
    for (const row of rows) {
      const id = idColumn ? idColumn.value(row) : idsOf(row)[0]
      if (id) this.out.write(`${id}\n`)
    }
  }

  private jsonPage(rows: T[]): void {
    const fields = this.out.script.fields
    rows.forEach((row, index) => {
      const item = this.out
        .jsonText(JSON.stringify(fields ? pickFields(row, fields) : row, null, 2))
        .replace(/^/gm, '  ')
      this.out.write(`${this.count + index === 0 ? '[\n' : ',\n'}${item}`)
    })
  }

  /** CSV and TSV: every column but the table-only ones, raw values. */
  private get exportColumns(): Column<T>[] {
    return this.columns.filter(c => !c.tableOnly)
  }

  /** A formula-looking text cell gets a ' first (--csv-formulas: not), in CSV and TSV alike. */
  private get guard(): (text: string) => string {
    return this.out.script.csvFormulas ? text => text : neutralizedCell
  }

  private tsvPage(rows: T[]): void {
    const guard = this.guard
    const cell = (value: string | number | boolean | undefined | null) =>
      typeof value === 'string' ? guard(tsvCell(value)) : tsvCell(value)
    for (const row of rows) this.out.write(`${this.exportColumns.map(c => cell((c.raw ?? c.value)(row))).join('\t')}\n`)
  }

  private csvPage(rows: T[]): void {
    const columns = this.exportColumns
    if (this.count === 0 && !this.continued) this.out.write(`${csvLine(columns.map(columnKey))}\n`)
    // Into a pipe or a file the values are exact but for the formula guard; on a terminal their control characters
    // are shown escaped.
    const terminal = this.out.stdoutIsTTY
    const guard = this.guard
    const shown = <V>(value: V) => {
      if (typeof value !== 'string') return value
      return terminal ? terminalSafe(guard(value)) : guard(value)
    }
    for (const row of rows) this.out.write(`${csvLine(columns.map(c => shown((c.raw ?? c.value)(row))))}\n`)
  }
}
