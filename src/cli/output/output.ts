import type {Reporter, Spinner, WaitWatch} from '../../operations/reporter.js'
import {jsonTerminalSafe, terminalSafe} from '../../shared/terminal-safe.js'
import {colorEnabled, type Palette, palette} from './colors.js'
import type {Column, ListFormat} from './columns.js'
import {type FoldOptions, fold, terminalColumns} from './fold.js'
import {jsonLine} from './json-document.js'
import {printJson, printTable, showItems} from './print-json.js'
import type {ScriptOptions} from './script.js'
import type {Streams} from './streams.js'
import type {TextOut} from './text-out.js'
import {WaitProgress} from './wait-progress.js'

export type {Spinner}

/**
 * Everything a command shows goes through here: data on stdout (JSON under --json, nothing else), messages,
 * warnings and spinners on stderr. Colours follow NO_COLOR and the TTY; spinners appear only on a TTY stderr.
 */
export class Output implements TextOut, Reporter {
  readonly json: boolean
  readonly color: Palette
  readonly errColor: Palette
  readonly script: ScriptOptions
  /** --json as given: what a command reports beside its data goes as JSON lines (errors too). */
  readonly jsonDetails: boolean
  private readonly colorOn: {stdout: boolean; stderr: boolean}
  private readonly streams: Streams
  private readonly env: NodeJS.ProcessEnv
  private activeSpinner?: {stop(): void}

  /** Messages (info) are off: --json, --jq, --template, --fields or --quiet; -o alone keeps them on stderr. */
  private readonly silent: boolean

  constructor(options: {
    json: boolean
    /** --json as given (default: `json`). */
    jsonDetails?: boolean
    silent?: boolean
    script?: ScriptOptions
    streams?: Streams
    env?: NodeJS.ProcessEnv
  }) {
    this.json = options.json
    this.silent = options.silent ?? options.json
    this.script = options.script ?? {}
    this.jsonDetails = options.jsonDetails ?? options.json
    this.streams = options.streams ?? {stdout: process.stdout, stderr: process.stderr}
    const env = options.env ?? process.env
    this.env = env
    this.colorOn = {stdout: colorEnabled(this.streams.stdout, env), stderr: colorEnabled(this.streams.stderr, env)}
    this.color = palette(this.colorOn.stdout)
    this.errColor = palette(this.colorOn.stderr)
  }

  get stdoutIsTTY(): boolean {
    return Boolean(this.streams.stdout.isTTY)
  }

  /** The terminal's width when stdout is one (tables fit it), else undefined. */
  get stdoutColumns(): number | undefined {
    const {stdout} = this.streams
    return stdout.isTTY && stdout.columns ? stdout.columns : undefined
  }

  get stderrIsTTY(): boolean {
    return Boolean(this.streams.stderr.isTTY)
  }

  /**
   * Whether a spinner may redraw stderr: a terminal with a known width, not `TERM=dumb`, not under `CI` (ora
   * would draw nothing there, and progress must then come as plain lines). A pty that reports 0 columns would
   * make every redraw clear an unbounded number of lines (a flood of escape codes), so it gets plain lines too.
   */
  get canAnimate(): boolean {
    const {stderr} = this.streams
    const terminal = Boolean(stderr.isTTY) && (stderr.columns ?? 0) > 0 && this.env.TERM !== 'dumb'
    return !this.json && terminal && !('CI' in this.env)
  }

  /** Raw data on stdout. */
  write(text: string): void {
    this.streams.stdout.write(text)
  }

  /**
   * A line of human data on stdout (ignored under --json, where only JSON reaches stdout); made terminal-safe and,
   * on a terminal, folded to its width at word boundaries (`hang`: the continuation lines' extra indent).
   */
  line(text = '', hang?: number): void {
    if (this.json) return
    const safe = terminalSafe(text, {lines: true, ownStyles: this.colorOn.stdout})
    this.write(`${fold(safe, this.stdoutColumns, {hang})}\n`)
  }

  /** Lines for stderr, folded to its width when it is a terminal. */
  private toStderr(text: string, options?: FoldOptions): void {
    this.streams.stderr.write(`${fold(text, terminalColumns(this.streams.stderr), options)}\n`)
  }

  /** Text for stderr: terminal-safe, our own styles kept where stderr shows them. */
  private errText(text: string): string {
    return terminalSafe(text, {lines: true, ownStyles: this.colorOn.stderr})
  }

  /** JSON text as printed: its controls escaped on a terminal (still the same JSON), exact in a pipe or file. */
  jsonText(text: string): string {
    return this.stdoutIsTTY ? jsonTerminalSafe(text) : text
  }

  /** The data of a command on stdout as the flags ask (src/cli/output/print-json.ts). */
  printJson(value: unknown, options: {known?: string[]} = {}): void {
    printJson(this, value, options)
  }

  /** One JSON value as one line (a stream of events or rows), shaped like printJson. */
  jsonLine(value: unknown): void {
    jsonLine(this, value)
  }

  /** One item or several, by the output contract (src/cli/output/print-json.ts). */
  show<T>(
    items: T[],
    options: {columns: Column<T>[]; single: boolean; format?: ListFormat; view?: (item: T) => void},
  ): Promise<void> {
    return showItems(this, items, options)
  }

  /** Rows as a table on a terminal, else as the list format the flags ask for; `format` forces one. */
  table<T>(rows: T[], columns: Column<T>[], format?: ListFormat): Promise<void> {
    return printTable(this, rows, columns, format)
  }

  /**
   * Resolves once everything written to stdout so far has been handed to the operating system; rejects when
   * stdout is gone (a closed pipe). A state file may advance only after this.
   */
  flush(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.streams.stdout.write('', error => (error ? reject(error) : resolve()))
    })
  }

  /** A message for the person at the terminal, on stderr; silent under --json. */
  info(text: string): void {
    if (!this.silent) this.toStderr(this.errText(text))
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
    this.toStderr(`${this.errColor.yellow('Warning:')} ${this.errText(text)}`)
  }

  /** Always on stderr, whatever the mode (errors, progress lines in non-TTY mode). */
  stderr(text: string, fold?: FoldOptions): void {
    this.toStderr(this.errText(text), fold)
  }

  /** The lines that sum up a list: on stdout below a table (after an empty line), else on stderr for a person. */
  summary(lines: string[], afterTable: boolean): void {
    if (!afterTable) {
      for (const line of lines) this.info(line)
      return
    }
    this.line()
    for (const line of lines) this.line(line)
  }

  /**
   * What a command reports beside its data under --json (a list's position, the payouts a step skipped): one JSON
   * line on stderr.
   */
  detail(value: Record<string, unknown>): void {
    this.streams.stderr.write(`${jsonTerminalSafe(JSON.stringify(value))}\n`)
  }

  keyValue(pairs: Array<[string, string | undefined]>, title?: string): void {
    if (this.json) return
    if (title) this.line(this.color.bold(title))
    const shown = pairs.flatMap(([key, value]): Array<[string, string]> => (value === undefined ? [] : [[key, value]]))
    const width = Math.max(0, ...shown.map(([key]) => key.length))
    const indent = title ? 2 : 0
    // A long value folds under itself, past its key.
    for (const [key, value] of shown)
      this.line(`${' '.repeat(indent)}${this.color.dim(`${key}:`.padEnd(width + 1))} ${terminalSafe(value)}`, width + 2)
  }

  /** The progress of a wait (src/cli/output/wait-progress.ts). */
  waitWatch(total: number): WaitWatch {
    return new WaitProgress(this, total)
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
