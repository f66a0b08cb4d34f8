import {colorEnabled, type Palette, palette} from './colors.js'
import {csvLine} from './csv.js'

export type ListFormat = 'table' | 'json' | 'jsonl' | 'csv'
export const LIST_FORMATS = ['table', 'json', 'jsonl', 'csv'] as const

export interface Column<T> {
  header: string
  value(row: T): string
  align?: 'left' | 'right'
  /** The raw value for csv exports (defaults to `value`). */
  raw?(row: T): string | number | boolean | undefined
  /** Only in CSV exports (e.g. a currency the table already shows beside the amount). */
  csvOnly?: boolean
  /** Only in the table (e.g. one recipient column that CSV exports split by kind). */
  tableOnly?: boolean
  /** The column's name in CSV exports (default: the header in lower case). */
  csvHeader?: string
}

export interface Spinner {
  update(text: string): void
  stop(finalText?: string): void
}

interface Streams {
  stdout: NodeJS.WritableStream & {isTTY?: boolean}
  stderr: NodeJS.WritableStream & {isTTY?: boolean}
}

/**
 * Everything a command shows goes through here: data on stdout (JSON under --json, nothing else), messages,
 * warnings and spinners on stderr. Colours follow NO_COLOR and the TTY; spinners appear only on a TTY stderr.
 */
export class Output {
  readonly json: boolean
  readonly color: Palette
  readonly errColor: Palette
  private readonly streams: Streams
  private activeSpinner?: {stop(): void}

  constructor(options: {json: boolean; streams?: Streams; env?: NodeJS.ProcessEnv}) {
    this.json = options.json
    this.streams = options.streams ?? {stdout: process.stdout, stderr: process.stderr}
    const env = options.env ?? process.env
    this.color = palette(colorEnabled(this.streams.stdout, env))
    this.errColor = palette(colorEnabled(this.streams.stderr, env))
  }

  get stdoutIsTTY(): boolean {
    return Boolean(this.streams.stdout.isTTY)
  }

  get stderrIsTTY(): boolean {
    return Boolean(this.streams.stderr.isTTY)
  }

  /** Raw data on stdout. */
  write(text: string): void {
    this.streams.stdout.write(text)
  }

  /** A line of human data on stdout (ignored under --json, where only JSON reaches stdout). */
  line(text = ''): void {
    if (!this.json) this.write(`${text}\n`)
  }

  printJson(value: unknown): void {
    this.write(`${JSON.stringify(value, null, 2)}\n`)
  }

  /** A message for the person at the terminal, on stderr; silent under --json. */
  info(text: string): void {
    if (!this.json) this.streams.stderr.write(`${text}\n`)
  }

  /** A warning on stderr, shown even under --json (stdout stays clean). */
  warn(text: string): void {
    this.streams.stderr.write(`${this.errColor.yellow('Warning:')} ${text}\n`)
  }

  /** Always on stderr, whatever the mode (errors, progress lines in non-TTY mode). */
  stderr(text: string): void {
    this.streams.stderr.write(`${text}\n`)
  }

  keyValue(pairs: Array<[string, string | undefined]>, title?: string): void {
    if (this.json) return
    if (title) this.line(this.color.bold(title))
    const shown = pairs.filter(([, value]) => value !== undefined) as Array<[string, string]>
    const width = Math.max(0, ...shown.map(([key]) => key.length))
    for (const [key, value] of shown)
      this.line(`${title ? '  ' : ''}${this.color.dim(`${key}:`.padEnd(width + 1))} ${value}`)
  }

  async table<T>(rows: T[], columns: Column<T>[]): Promise<void> {
    const writer = this.list(columns, 'table')
    await writer.page(rows)
    writer.end()
  }

  /**
   * A list written page by page, so that `--all` keeps memory flat: a table (header once, widths fixed by the
   * first page), a streamed JSON array, JSON lines, or CSV.
   */
  list<T>(columns: Column<T>[], format: ListFormat): ListWriter<T> {
    return new ListWriter(this, columns, format)
  }

  async spinner(text: string): Promise<Spinner> {
    if (this.json || !this.stderrIsTTY) return {update() {}, stop() {}}
    this.activeSpinner?.stop()
    const {default: ora} = await import('ora')
    const spinner = ora({text, stream: this.streams.stderr as NodeJS.WriteStream}).start()
    this.activeSpinner = spinner
    return {
      update: next => {
        spinner.text = next
      },
      stop: finalText => {
        if (finalText) spinner.succeed(finalText)
        else spinner.stop()
        if (this.activeSpinner === spinner) this.activeSpinner = undefined
      },
    }
  }

  /** Called on errors and at the end of every command, so no spinner outlives it. */
  stopSpinners(): void {
    this.activeSpinner?.stop()
    this.activeSpinner = undefined
  }
}

export class ListWriter<T> {
  private count = 0
  private widths?: number[]

  constructor(
    private readonly out: Output,
    private readonly columns: Column<T>[],
    private readonly format: ListFormat,
  ) {}

  get written(): number {
    return this.count
  }

  async page(rows: T[]): Promise<void> {
    if (this.format === 'jsonl') {
      for (const row of rows) this.out.write(`${JSON.stringify(row)}\n`)
    } else if (this.format === 'json') {
      rows.forEach((row, index) => {
        const item = JSON.stringify(row, null, 2).replace(/^/gm, '  ')
        this.out.write(`${this.count + index === 0 ? '[\n' : ',\n'}${item}`)
      })
    } else if (this.format === 'csv') {
      const columns = this.columns.filter(c => !c.tableOnly)
      if (this.count === 0) this.out.write(`${csvLine(columns.map(c => c.csvHeader ?? c.header.toLowerCase()))}\n`)
      for (const row of rows) this.out.write(`${csvLine(columns.map(c => (c.raw ?? c.value)(row)))}\n`)
    } else if (rows.length > 0) {
      await this.tablePage(rows)
    }
    this.count += rows.length
  }

  end(): void {
    if (this.format === 'json') this.out.write(this.count === 0 ? '[]\n' : '\n]\n')
  }

  private get tableColumns(): Column<T>[] {
    return this.columns.filter(c => !c.csvOnly)
  }

  private async tablePage(rows: T[]): Promise<void> {
    const {default: Table} = await import('cli-table3')
    const columns = this.tableColumns
    const cells = rows.map(row => columns.map(c => c.value(row)))
    if (!this.widths) {
      this.widths = columns.map((c, i) => Math.max(c.header.length, ...cells.map(r => r[i].length)) + 2)
    }
    const table = new Table({
      head: this.count === 0 ? columns.map(c => this.out.color.bold(c.header)) : [],
      colWidths: this.widths,
      colAligns: columns.map(c => c.align ?? 'left'),
      wordWrap: false,
      chars: {
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
      },
      style: {head: [], border: [], 'padding-left': 0, 'padding-right': 2},
    })
    table.push(...cells)
    const text = table
      .toString()
      .split('\n')
      .map(line => line.trimEnd())
      .join('\n')
    this.out.write(`${text}\n`)
  }
}
