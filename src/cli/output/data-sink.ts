import type {ErrorObject} from '../../services/errors/error-report.js'

/**
 * Where a command's output goes when it runs for its data (an MCP tool call) rather than for a terminal: the values
 * it would print, its warnings, and the details it reports beside the data (a list's position, the payouts a step
 * skipped). Nothing is serialised and nothing reaches stdout or stderr.
 */
export class DataSink {
  data?: unknown
  readonly warnings: string[] = []
  readonly details: Record<string, unknown> = {}
  /** The command's error, as the structured report (secrets scrubbed). */
  error?: ErrorObject
  private lines?: unknown[]

  /** The document the command shows (an object for one item, an array for several or a list). */
  set(value: unknown): void {
    this.data = value
  }

  /** One item of a stream of JSON lines: the data becomes the array of them. */
  add(value: unknown): void {
    this.lines ??= []
    this.lines.push(value)
    this.data = this.lines
  }
}
