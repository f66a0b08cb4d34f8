import type {ErrorObject} from '../services/errors/error-report.js'
import {argvOfLine, type CommandLine} from './input-schema.js'

/** A command run for its data: what it would print under --json, as values, never as text. */
export interface CommandRun {
  exitCode: number
  /** The document the command shows (undefined when it shows none). */
  data?: unknown
  warnings: string[]
  /** What it reports beside the data: a list's `nextCursor`, the `skipped` payouts of approve or pay. */
  details: Record<string, unknown>
  error?: ErrorObject
}

/** Runs one payctl command (by id, e.g. `payouts:get`) with this argv and returns its data. */
export type CommandExecutor = (id: string, argv: string[]) => Promise<CommandRun>

export interface CliRunnerOptions {
  execute: CommandExecutor
  /** The profile every run uses (`--profile`); the agent cannot choose another. */
  profile: string
  /** Runs at once; the others queue. */
  concurrency: number
}

/**
 * Runs payctl commands for the tools: `--json`, the server's profile, at most `concurrency` at once, so a tool
 * behaves exactly as its command (validation, warnings, errors and exit codes included).
 */
export class CliRunner {
  private running = 0
  private readonly queue: Array<() => void> = []

  constructor(private readonly options: CliRunnerOptions) {}

  async run(id: string, line: CommandLine): Promise<CommandRun> {
    await this.slot()
    try {
      const flags = [...line.flags, '--json', `--profile=${this.options.profile}`]
      return await this.options.execute(id, argvOfLine({flags, positional: line.positional}))
    } finally {
      this.running--
      this.queue.shift()?.()
    }
  }

  private async slot(): Promise<void> {
    if (this.running < this.options.concurrency) {
      this.running++
      return
    }
    await new Promise<void>(resolve => {
      this.queue.push(() => {
        this.running++
        resolve()
      })
    })
  }
}
