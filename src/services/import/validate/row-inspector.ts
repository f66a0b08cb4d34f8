import {describeControlCharacter, refusedInCell} from './control-chars.js'
import {type HeaderMapping, mapHeader, shown} from './headers.js'
import {Cells, type RowError, type RowResult, type RowSchema, type SchemaOptions} from './import-schema.js'

/**
 * One file's rows as the schema sees them: the header mapped once, then every record checked the same way
 * in the validation pass and in the sending pass: its shape (as many fields as the header), control
 * characters, its encoding, then the schema's rules.
 */
export class RowInspector<Item> {
  readonly mapping: HeaderMapping
  /** The last inspected record, read by canonical column name. */
  readonly cells: Cells
  private readonly labels: string[]
  /** Per cell: whether its column is free text (line breaks and tabs allowed). Unmapped cells are not sent. */
  private readonly freeText: boolean[]
  /** Columns up to the header's last named one: spreadsheets add empty ones after it. */
  private readonly named: number

  constructor(
    header: readonly string[],
    private readonly schema: RowSchema<Item>,
    private readonly options: SchemaOptions,
    /**
     * Whether to look for U+FFFD, which a UTF-8 decoder puts where bytes were not UTF-8 (a windows-1252 file):
     * asked per row, as the reader finds out while it reads.
     */
    private readonly checkUtf8: () => boolean,
  ) {
    this.mapping = mapHeader(header, schema.columns, schema.foreign)
    this.cells = new Cells(this.mapping)
    this.labels = header.map(cell => shown(cell.trim()))
    const strict = new Set(
      schema.columns.filter(column => !column.freeText).flatMap(column => this.mapping.index.get(column.name) ?? []),
    )
    this.freeText = header.map((_, i) => !strict.has(i))
    this.named = header.reduce((count, cell, i) => (cell.trim() ? i + 1 : count), 0)
  }

  inspect(values: string[], build: boolean): RowResult<Item> {
    this.cells.load(values)
    return (
      this.widthProblem(values) ??
      this.controlCharacterProblem(values) ??
      this.utf8Problem(values) ??
      this.schema.parse(this.cells, this.options, build)
    )
  }

  /**
   * A row fits when it has a cell for every column up to the header's last named one and nothing after it: empty
   * trailing columns (of the header or of the row, as spreadsheets write them) are ignored.
   */
  private widthProblem(values: string[]): {errors: RowError[]} | undefined {
    const {named} = this
    if (values.length >= named && !filledAfter(values, named)) return undefined
    const filled = values.reduce((count, value, i) => (value.trim() ? i + 1 : count), 0)
    const header = `the header ${named === this.mapping.width ? 'has' : 'names'} ${named}`
    if (filled > named) {
      // A value right of the header's last name: the row's fields moved right of where they belong.
      const why = splitDecimal(values) ? 'an unquoted decimal comma, as in 12,5?' : 'a comma inside an unquoted value?'
      return problem('', `${values.length} fields, but ${header} (${why})`)
    }
    const hint = values.some(v => v.includes('\n')) ? ' (a line break inside an unquoted field?)' : ''
    return problem('', `${values.length} field${values.length === 1 ? '' : 's'}, but ${header}${hint}`)
  }

  private controlCharacterProblem(values: string[]): {errors: RowError[]} | undefined {
    for (let i = 0; i < values.length; i++) {
      const freeText = this.freeText[i] ?? true
      const found = refusedInCell(values[i], freeText)
      if (found) return problem(this.label(i), describeControlCharacter(found, freeText))
    }
    return undefined
  }

  private utf8Problem(values: string[]): {errors: RowError[]} | undefined {
    if (!this.checkUtf8()) return undefined
    const i = values.findIndex(value => value.includes('\ufffd'))
    if (i === -1) return undefined
    return problem(
      this.label(i),
      'is not valid UTF-8; if the file comes from Excel on Windows, pass --encoding windows-1252',
    )
  }

  private label(i: number): string {
    return this.labels[i] || `#${i + 1}`
  }
}

/** Whether two neighbouring cells read as one amount split at its decimal comma (`12`, `5`). */
function splitDecimal(values: readonly string[]): boolean {
  return values.some((value, i) => /^-?\d+$/.test(value.trim()) && /^\d{1,2}$/.test(values[i + 1]?.trim() ?? ''))
}

/** Whether a cell at or after `from` holds more than spaces. */
function filledAfter(values: readonly string[], from: number): boolean {
  for (let i = from; i < values.length; i++) if (values[i].trim()) return true
  return false
}

const problem = (column: string, message: string): {errors: RowError[]} => ({errors: [{column, message}]})
