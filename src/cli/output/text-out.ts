import type {Palette} from './colors.js'
import type {ScriptOptions} from './script.js'

/** What the writers of data (lists, tables, JSON documents) need of the output (src/cli/output/output.ts). */
export interface TextOut {
  /** --json or a script flag: only data on stdout. */
  readonly json: boolean
  readonly script: ScriptOptions
  readonly color: Palette
  readonly stdoutIsTTY: boolean
  /** The terminal's width when stdout is one. */
  readonly stdoutColumns: number | undefined
  write(text: string): void
  /** A line a person reads (terminal-safe, folded to a terminal's width; nothing under --json). */
  line(text?: string, hang?: number): void
  keyValue(pairs: Array<[string, string | undefined]>, title?: string): void
  /** JSON text as printed: its controls escaped on a terminal. */
  jsonText(text: string): string
}
