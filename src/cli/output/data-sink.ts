import type {ErrorObject} from '../../services/errors/error-report.js'
import {terminalSafe} from './terminal-safe.js'

/** Where an Output writes: stdout and stderr, or stand-ins for them. */
export interface Streams {
  stdout: TextStream
  stderr: TextStream
}

export interface TextStream {
  write(text: string, callback?: (error?: Error | null) => void): unknown
  isTTY?: boolean
  columns?: number
}

/**
 * Where a command's output goes when it runs for its data (an MCP tool call) rather than for a terminal: the value
 * it answers (set by the base command, which renders every result), its warnings, and the details it reports beside
 * the data (a list's position, the payouts a step skipped). Nothing is serialised and nothing reaches stdout or
 * stderr: its `streams` take nothing.
 */
export class DataSink {
  data?: unknown
  readonly warnings: string[] = []
  readonly details: Record<string, unknown> = {}
  /** The command's error, as the structured report (secrets scrubbed). */
  error?: ErrorObject

  /** The document the command answers (an object for one item, an array for several or a list). */
  set(value: unknown): void {
    this.data = value
  }

  warning(text: string): void {
    this.warnings.push(terminalSafe(text, {lines: true}))
  }

  detail(value: Record<string, unknown>): void {
    Object.assign(this.details, value)
  }

  /**
   * A run for data has no stdout: a command that prints text there has no data to give (an empty write, a flush,
   * passes). Its stderr messages go nowhere.
   */
  readonly streams: Streams = {
    stdout: {
      write(text, callback) {
        if (text) throw new Error('this command prints text, not data: it cannot run for its data')
        callback?.()
        return true
      },
    },
    stderr: {write: (_text, callback) => callback?.()},
  }
}
