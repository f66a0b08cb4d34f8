import {neutralizedCell} from '../../shared/csv-formula.js'
import {csvLine} from '../../shared/csv-line.js'
import {usageError} from '../../shared/errors.js'
import {colorEnabled, type Palette, palette} from './colors.js'
import type {DataSink} from './data-sink.js'
import {columnKey, idsOf, pickFields, type ScriptOptions, tsvCell} from './script.js'
import {fitColumns, giveOf} from './table-fit.js'
import {jsonTerminalSafe, terminalSafe} from './terminal-safe.js'

export type ListFormat = 'table' | 'json' | 'jsonl' | 'csv' | 'tsv'
export const LIST_FORMATS = ['table', 'json', 'jsonl', 'csv', 'tsv'] as const
/** What a list writer actually writes: a list format, or only ids (--quiet). */
type WriterFormat = ListFormat | 'ids'

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
  readonly script: ScriptOptions
  /** A run for data (src/cli/data-run.ts): values and warnings go here, nothing to the streams. */
  readonly sink?: DataSink
  private readonly colorOn: {stdout: boolean; stderr: boolean}
  private readonly streams: Streams
  private readonly env: NodeJS.ProcessEnv
  private activeSpinner?: {stop(): void}

  /** Messages (info) are off: --json, --jq, --template, --fields or --quiet; -o alone keeps them on stderr. */
  private readonly silent: boolean

  constructor(options: {
    json: boolean
    silent?: boolean
    script?: ScriptOptions
    streams?: Streams
    env?: NodeJS.ProcessEnv
    sink?: DataSink
  }) {
    this.sink = options.sink
    this.json = options.json || Boolean(this.sink)
    this.silent = Boolean(this.sink) || (options.silent ?? options.json)
    this.script = options.script ?? {}
    this.streams = options.streams ?? {stdout: process.stdout, stderr: process.stderr}
    const env = options.env ?? process.env
    this.env = env
    this.colorOn = {stdout: colorEnabled(this.streams.stdout, env), stderr: colorEnabled(this.streams.stderr, env)}
    this.color = palette(this.colorOn.stdout)
    this.errColor = palette(this.colorOn.stderr)
  }

  get stdoutIsTTY(): boolean {
    return !this.sink && Boolean(this.streams.stdout.isTTY)
  }

  /** The terminal's width when stdout is one (tables fit it), else undefined. */
  get stdoutColumns(): number | undefined {
    const stdout = this.streams.stdout as {isTTY?: boolean; columns?: number}
    return stdout.isTTY && stdout.columns ? stdout.columns : undefined
  }

  get stderrIsTTY(): boolean {
    return !this.sink && Boolean(this.streams.stderr.isTTY)
  }

  /**
   * Whether a spinner may redraw stderr: a terminal with a known width, not `TERM=dumb`, not under `CI` (ora
   * would draw nothing there, and progress must then come as plain lines). A pty that reports 0 columns would
   * make every redraw clear an unbounded number of lines (a flood of escape codes), so it gets plain lines too.
   */
  get canAnimate(): boolean {
    const stderr = this.streams.stderr as {isTTY?: boolean; columns?: number}
    const terminal = Boolean(stderr.isTTY) && (stderr.columns ?? 0) > 0 && this.env.TERM !== 'dumb'
    return !this.json && terminal && !('CI' in this.env)
  }

  /** Raw data on stdout. A run for data has no stdout: a command that prints text there has no data to give. */
  write(text: string): void {
    if (this.sink) throw new Error('this command prints text, not data: it cannot run for its data')
    this.streams.stdout.write(text)
  }

  /** A line of human data on stdout (ignored under --json, where only JSON reaches stdout); made terminal-safe. */
  line(text = ''): void {
    if (!this.json) this.write(`${terminalSafe(text, {lines: true, ownStyles: this.colorOn.stdout})}\n`)
  }

  /** Text for stderr: terminal-safe, our own styles kept where stderr shows them. */
  private errText(text: string): string {
    return terminalSafe(text, {lines: true, ownStyles: this.colorOn.stderr})
  }

  /** JSON text as printed: its controls escaped on a terminal (still the same JSON), exact in a pipe or file. */
  jsonText(text: string): string {
    return this.stdoutIsTTY ? jsonTerminalSafe(text) : text
  }

  /** What --template and --jq print: terminal-safe on a terminal, exact in a pipe or file. */
  private scripted(text: string): string {
    return this.stdoutIsTTY ? terminalSafe(text, {lines: true}) : text
  }

  /**
   * A JSON document on stdout, shaped by --quiet (ids only), --fields, then --jq or --template. `known`: field
   * names valid here beside those the document has (optional ones it may lack).
   */
  printJson(value: unknown, options: {fieldsApplied?: boolean; known?: string[]} = {}): void {
    if (this.sink) {
      this.sink.set(value)
      return
    }
    const {quiet, fields, jq, template, format} = this.script
    if (!options.fieldsApplied) this.checkFields(value, options.known)
    if (quiet) {
      for (const id of idsOf(value)) this.write(`${id}\n`)
      return
    }
    if (!jq && !template && (format === 'tsv' || format === 'csv' || format === 'jsonl')) {
      this.printRows(Array.isArray(value) ? value : [value], format)
      return
    }
    const shown = fields && !options.fieldsApplied ? pickFields(value, fields) : value
    if (jq) this.writeLines(jq.apply(shown))
    else if (template)
      for (const item of Array.isArray(shown) ? shown : [shown]) this.write(this.scripted(template(item)))
    else this.write(`${this.jsonText(JSON.stringify(shown, null, 2))}\n`)
  }

  /** Documents without columns of their own as rows: one column per key (--fields: those), JSON for non-strings. */
  private printRows(items: unknown[], format: 'tsv' | 'csv' | 'jsonl'): void {
    const keys = this.script.fields ?? [
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
    void new ListWriter(this, columns, format).page(items as Array<Record<string, unknown>>)
  }

  /** Refuses a --fields name that neither `known` nor the data has: exit 2, naming the valid ones, before any output. */
  checkFields(value: unknown, known: string[] = []): void {
    const fields = this.script.fields
    if (!fields) return
    const names = new Set(known)
    for (const item of Array.isArray(value) ? value : [value])
      if (item && typeof item === 'object') for (const key of Object.keys(item)) names.add(key)
    if (names.size === 0) return
    const unknown = fields.find(field => !names.has(field))
    if (unknown) throw usageError(`--fields: "${unknown}" is not a field here; choose from ${[...names].join(', ')}`)
  }

  /**
   * One item or several, by the output contract (docs/scripting.md): JSON is the object for one item and an array
   * for several; -o asks for a list format; else `view` shows a single item and a table several.
   */
  async show<T>(
    items: T[],
    options: {columns: Column<T>[]; single: boolean; format?: ListFormat; view?: (item: T) => void},
  ): Promise<void> {
    const {view} = options
    const format = options.format ?? this.script.format
    const viewed = options.single && view && !this.json && !this.script.quiet && (!format || format === 'table')
    if (viewed && items.length === 1) return view(items[0])
    // One object under --json, --fields or --quiet (without -o): its JSON keys, not the list's columns.
    if (options.single && items.length === 1 && this.json && !format)
      return this.printJson(items[0], {known: options.columns.map(columnKey)})
    const writer = this.list(options.columns, format, {single: options.single && items.length === 1})
    await writer.page(items)
    writer.end()
  }

  /** One JSON value as one line (a stream of events or rows), shaped like printJson. */
  jsonLine(value: unknown): void {
    if (this.sink) {
      this.sink.add(value)
      return
    }
    const {quiet, fields, jq, template} = this.script
    if (quiet) {
      this.printJson(value)
      return
    }
    const shown = fields ? pickFields(value, fields) : value
    if (jq) this.writeLines(jq.apply(shown))
    else if (template) this.write(this.scripted(template(shown)))
    else this.write(`${this.jsonText(JSON.stringify(shown))}\n`)
  }

  /**
   * Resolves once everything written to stdout so far has been handed to the operating system; rejects when
   * stdout is gone (a closed pipe). A state file may advance only after this.
   */
  flush(): Promise<void> {
    if (this.sink) return Promise.resolve()
    return new Promise((resolve, reject) => {
      this.streams.stdout.write('', error => (error ? reject(error) : resolve()))
    })
  }

  private writeLines(text: string): void {
    if (text) this.write(this.scripted(text.endsWith('\n') ? text : `${text}\n`))
  }

  /** A message for the person at the terminal, on stderr; silent under --json. */
  info(text: string): void {
    if (!this.silent && !this.sink) this.streams.stderr.write(`${this.errText(text)}\n`)
  }

  /**
   * `info` that only a person watching needs ("nothing new", "no payouts"): on a terminal only, so that a cron job
   * with nothing to say prints nothing (cron mails what it gets).
   */
  note(text: string): void {
    if (this.stderrIsTTY) this.info(text)
  }

  /** A warning on stderr, shown even under --json (stdout stays clean). */
  warn(text: string): void {
    if (this.sink) {
      this.sink.warnings.push(terminalSafe(text, {lines: true}))
      return
    }
    this.streams.stderr.write(`${this.errColor.yellow('Warning:')} ${this.errText(text)}\n`)
  }

  /** Always on stderr, whatever the mode (errors, progress lines in non-TTY mode). */
  stderr(text: string): void {
    if (!this.sink) this.streams.stderr.write(`${this.errText(text)}\n`)
  }

  /**
   * What a command reports beside its data under --json (a list's position, the payouts a step skipped): one JSON
   * line on stderr, or the run's details when it runs for data.
   */
  detail(value: Record<string, unknown>): void {
    if (this.sink) Object.assign(this.sink.details, value)
    else this.stderr(JSON.stringify(value))
  }

  keyValue(pairs: Array<[string, string | undefined]>, title?: string): void {
    if (this.json) return
    if (title) this.line(this.color.bold(title))
    const shown = pairs.filter(([, value]) => value !== undefined) as Array<[string, string]>
    const width = Math.max(0, ...shown.map(([key]) => key.length))
    for (const [key, value] of shown)
      this.line(`${title ? '  ' : ''}${this.color.dim(`${key}:`.padEnd(width + 1))} ${terminalSafe(value)}`)
  }

  /** Rows as a table on a terminal, else as the list format the flags ask for (see `list`); `format` forces one. */
  async table<T>(rows: T[], columns: Column<T>[], format?: ListFormat): Promise<void> {
    const writer = this.list(columns, format)
    await writer.page(rows)
    writer.end()
  }

  /**
   * A list written page by page, so that `--all` keeps memory flat: a table (header once, widths fixed by the
   * first page), tab-separated lines, a streamed JSON array, JSON lines, CSV, or ids (--quiet).
   * Without an explicit format: JSON under --json/--jq/--template, a table on a terminal, else tab-separated
   * values without a header (gh's convention for pipes).
   */
  list<T>(
    columns: DocumentColumns<T>,
    explicit?: ListFormat,
    options: {single?: boolean; continued?: boolean} = {},
  ): ListWriter<T> {
    const format = this.listFormat(explicit)
    const fields = this.script.fields
    let shown: DocumentColumns<T> = columns
    if (fields && ['table', 'csv', 'tsv'].includes(format)) {
      const known = columns.map(columnKey)
      const unknown = fields.find(field => !known.includes(field))
      if (unknown) throw usageError(`--fields: "${unknown}" is not a column here; choose from ${known.join(', ')}`)
      shown = fields.map(field => ({...columns[known.indexOf(field)], csvOnly: false, tableOnly: false}))
    }
    return new ListWriter(this, shown, format, Boolean(options.single), Boolean(options.continued))
  }

  private listFormat(asked: ListFormat | undefined): WriterFormat {
    const {quiet, jq, template, jsonRequested} = this.script
    const explicit = asked ?? this.script.format
    if (quiet) return 'ids'
    if ((jq || template) && explicit && explicit !== 'json' && explicit !== 'jsonl')
      throw usageError(`${jq ? '--jq' : '--template'} works on JSON: use --output json or jsonl, not ${explicit}`)
    if (explicit) return explicit
    if (jsonRequested ?? this.json) return 'json'
    return this.stdoutIsTTY ? 'table' : 'tsv'
  }

  async spinner(text: string): Promise<Spinner> {
    if (!this.canAnimate) return {update() {}, stop() {}}
    this.activeSpinner?.stop()
    const {default: ora} = await import('ora')
    // discardStdin would put the terminal in raw mode: Ctrl-C would no longer send SIGINT.
    const spinner = ora({text, stream: this.streams.stderr as NodeJS.WriteStream, discardStdin: false}).start()
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
  /** The table's columns kept on this terminal (indices into the table columns). */
  private kept?: number[]
  /** The table does not fit the terminal without cutting an id or a timestamp: one field a line per row. */
  private rowView = false
  /** The whole array under --jq with a JSON array: jq sees the document `--json` would print. */
  private readonly buffered: T[] = []

  constructor(
    private readonly out: Output,
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
    if (this.count === 0 && this.format !== 'ids') this.out.checkFields(rows, knownFields(this.columns))
    if (this.format === 'ids') this.idsPage(rows)
    else if (this.format === 'json' && (jq || this.single || this.out.sink)) this.buffered.push(...rows)
    else if (this.format === 'jsonl' || (this.format === 'json' && template))
      for (const row of rows) this.out.jsonLine(row)
    else if (this.format === 'json') this.jsonPage(rows)
    else if (this.format === 'csv') this.csvPage(rows)
    else if (this.format === 'tsv')
      for (const row of rows)
        this.out.write(`${this.exportColumns.map(c => tsvCell((c.raw ?? c.value)(row))).join('\t')}\n`)
    else if (rows.length > 0) await this.tablePage(rows)
    this.count += rows.length
  }

  end(): void {
    // One item asked for and none came (it was left out): nothing to print.
    if (this.single && this.count === 0) return
    // No row came: --fields is still checked, against the fields the command knows of.
    if (this.count === 0 && this.format !== 'ids') this.out.checkFields([], knownFields(this.columns))
    if (this.format !== 'json') return
    const {jq, template} = this.out.script
    const known = knownFields(this.columns)
    if (this.out.sink) this.out.sink.set(this.single && this.buffered.length === 1 ? this.buffered[0] : this.buffered)
    else if (this.single) this.out.printJson(this.buffered.length === 1 ? this.buffered[0] : this.buffered, {known})
    else if (jq) this.out.printJson(this.buffered, {known})
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

  private csvPage(rows: T[]): void {
    const columns = this.exportColumns
    if (this.count === 0 && !this.continued)
      this.out.write(`${csvLine(columns.map(columnKey))}
`)
    // A formula-looking cell gets a ' first (--csv-formulas: not); into a pipe or a file the values are otherwise
    // exact, and on a terminal their control characters are shown escaped.
    const terminal = this.out.stdoutIsTTY
    const guard = this.out.script.csvFormulas ? (text: string) => text : neutralizedCell
    const shown = <V>(value: V) => {
      if (typeof value !== 'string') return value
      return terminal ? terminalSafe(guard(value)) : guard(value)
    }
    for (const row of rows)
      this.out.write(`${csvLine(columns.map(c => shown((c.raw ?? c.value)(row))))}
`)
  }

  private get tableColumns(): Column<T>[] {
    return this.columns.filter(c => !c.csvOnly)
  }

  /** Each row as `Header: value` lines, a blank line between rows. */
  private rowsPage(rows: T[], columns: Column<T>[]): void {
    rows.forEach((row, index) => {
      if (this.count + index > 0) this.out.line()
      this.out.keyValue(columns.map(c => [c.header, c.value(row)]))
    })
  }

  private async tablePage(rows: T[]): Promise<void> {
    const {default: Table} = await import('cli-table3')
    const all = this.tableColumns
    const allCells = rows.map(row => all.map(c => terminalSafe(c.value(row))))
    if (!this.widths && !this.rowView) {
      const content = all.map((_, i) => Math.max(0, ...allCells.map(r => r[i].length)) + 2)
      const natural = all.map((c, i) => Math.max(c.header.length + 2, content[i]))
      const give = all.map((c, i) =>
        giveOf(
          columnKey(c),
          allCells.map(r => r[i]),
        ),
      )
      // Columns named by --fields stay.
      const drop = all.map(c => (this.out.script.fields ? undefined : c.drop))
      const fit = fitColumns(natural, this.out.stdoutColumns, give, content, drop)
      this.widths = fit?.widths
      this.kept = fit?.kept
      this.rowView = !fit
    }
    if (this.rowView) return this.rowsPage(rows, all)
    const kept = this.kept ?? all.map((_, i) => i)
    const columns = kept.map(i => all[i])
    const cells = allCells.map(r => kept.map(i => r[i]))
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
