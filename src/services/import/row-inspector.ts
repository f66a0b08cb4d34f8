import {controlCharacterAt, describeControlCharacter} from './control-chars.js'
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
  }

  inspect(values: string[], build: boolean): RowResult<Item> {
    this.cells.load(values)
    const width = this.mapping.width
    if (values.length !== width) {
      const extraEmpty = values.length > width && values.slice(width).every(v => v.trim() === '')
      if (!extraEmpty) {
        const hint = values.some(v => v.includes('\n')) ? ' (a line break inside an unquoted field?)' : ''
        return problem(
          '',
          `${values.length} field${values.length === 1 ? '' : 's'}, but the header has ${width}${hint}`,
        )
      }
    }
    for (let i = 0; i < values.length; i++) {
      const at = controlCharacterAt(values[i])
      if (at !== -1) return problem(this.labels[i] || `#${i + 1}`, describeControlCharacter(values[i], at))
    }
    if (this.checkUtf8()) {
      for (let i = 0; i < values.length; i++)
        if (values[i].includes('\ufffd'))
          return problem(
            this.labels[i] || `#${i + 1}`,
            'is not valid UTF-8; if the file comes from Excel on Windows, pass --encoding windows-1252',
          )
    }
    return this.schema.parse(this.cells, this.options, build)
  }
}

const problem = (column: string, message: string): {errors: RowError[]} => ({errors: [{column, message}]})
