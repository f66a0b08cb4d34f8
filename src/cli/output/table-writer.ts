import {terminalSafe} from '../../shared/terminal-safe.js'
import type {Column} from './columns.js'
import {fold} from './fold.js'
import {columnKey} from './script.js'
import {fitColumns, giveOf} from './table-fit.js'
import type {TextOut} from './text-out.js'

/** cli-table3 without borders: columns two spaces apart. */
const NO_BORDERS = {
  top: '',
  'top-mid': '',
  'top-left': '',
  'top-right': '',
  bottom: '',
  'bottom-mid': '',
  'bottom-left': '',
  'bottom-right': '',
  left: '',
  'left-mid': '',
  mid: '',
  'mid-mid': '',
  right: '',
  'right-mid': '',
  middle: '',
}

/**
 * A table written page by page: the header once, the widths and the columns kept fixed by the first page and the
 * terminal's width. When the table does not fit without cutting an id or a timestamp, each row becomes `Header:
 * value` lines, a blank line between rows.
 */
export class TableWriter<T> {
  private widths?: number[]
  /** The table's columns kept on this terminal (indices into the columns). */
  private kept?: number[]
  private rowView = false

  constructor(
    private readonly out: TextOut,
    private readonly columns: Column<T>[],
  ) {}

  /** `before`: how many rows were written before this page. */
  async page(rows: T[], before: number): Promise<void> {
    const all = this.columns
    const allCells = rows.map(row => all.map(c => terminalSafe(c.value(row))))
    if (!this.widths && !this.rowView) this.fit(allCells)
    if (this.rowView) return this.rowsPage(rows, before)
    const kept = this.kept ?? all.map((_, i) => i)
    const columns = kept.map(i => all[i])
    const {default: Table} = await import('cli-table3')
    // A header wider than its column folds onto a second line rather than being cut.
    const header = (text: string, width: number | undefined) =>
      (width ? fold(text, width - 2, {hang: 0}) : text)
        .split('\n')
        .map(line => this.out.color.bold(line))
        .join('\n')
    const head = columns.map((c, k) => header(c.header, this.widths?.[k]))
    const table = new Table({
      head: before === 0 ? head : [],
      colWidths: this.widths,
      colAligns: columns.map(c => c.align ?? 'left'),
      wordWrap: false,
      chars: NO_BORDERS,
      style: {head: [], border: [], 'padding-left': 0, 'padding-right': 2},
    })
    table.push(...allCells.map(r => kept.map(i => r[i])))
    const text = table
      .toString()
      .split('\n')
      .map(line => line.trimEnd())
      .join('\n')
    this.out.write(`${text}\n`)
  }

  private fit(cells: string[][]): void {
    const all = this.columns
    // A header may fold at its spaces, down to its longest word, before anything else gives way.
    const content = all.map((c, i) => Math.max(longestWord(c.header), ...cells.map(r => r[i].length)) + 2)
    const natural = all.map((c, i) => Math.max(c.header.length + 2, content[i]))
    const give = all.map((c, i) =>
      giveOf(
        columnKey(c),
        cells.map(r => r[i]),
      ),
    )
    // Columns named by --fields stay.
    const drop = all.map(c => (this.out.script.fields ? undefined : c.drop))
    const headings = all.map(c => longestWord(c.header) + 2)
    const fit = fitColumns(natural, this.out.stdoutColumns, give, content, drop, headings)
    this.widths = fit?.widths
    this.kept = fit?.kept
    this.rowView = !fit
  }

  private rowsPage(rows: T[], before: number): void {
    rows.forEach((row, index) => {
      if (before + index > 0) this.out.line()
      this.out.keyValue(this.columns.map(c => [c.header, c.value(row)]))
    })
  }
}

const longestWord = (text: string) => Math.max(0, ...text.split(' ').map(word => word.length))
