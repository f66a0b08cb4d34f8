import type {PayoutV2} from '../contract/responses.js'
import type {WaitCounts} from '../services/payouts/wait.js'

export interface Spinner {
  update(text: string): void
  stop(finalText?: string): void
}

/** The progress of a wait for payouts, as it goes: a spinner on a terminal, a line per change in a log. */
export interface WaitWatch {
  start(): Promise<void>
  change(payout: PayoutV2, from: string | undefined): void
  round(counts: WaitCounts, remainingMs: number): void
  /** The wait ended; with the final counts when it ran to its end. */
  stop(counts?: WaitCounts): void
}

/**
 * What an operation says beside its result, and how it asks for it to be seen: the CLI shows it (src/cli/output:
 * stderr, JSON lines under --json, spinners on a terminal); an MCP tool call keeps the warnings and the details for
 * the agent and drops the lines meant for a person at a terminal.
 */
export interface Reporter {
  /** Details go as JSON (`detail`: --json as given, an agent) rather than as lines a person reads. */
  readonly jsonDetails: boolean
  /** Whether a person may be watching stderr (a terminal): notes and spinners are for them. */
  readonly stderrIsTTY: boolean
  /** Whether the data goes to a terminal (else a file or a pipe, where a line for people names its command). */
  readonly stdoutIsTTY: boolean
  /** A warning, shown whatever the format (an agent gets it with the answer). */
  warn(text: string): void
  /** A message for the person at the terminal; silent under --json and for an agent. */
  info(text: string): void
  /** `info` that only a person watching needs ("nothing new"): on a terminal only. */
  note(text: string): void
  /** A line for people that goes to stderr whatever the format (where a list stopped, what was skipped). */
  stderr(text: string, fold?: {shell?: boolean}): void
  /** The lines that sum up a list: after a table, on stdout below it; otherwise for a person (info). */
  summary(lines: string[], afterTable: boolean): void
  /** What the operation reports beside its data (a list's position, the payouts a step skipped), as data. */
  detail(value: Record<string, unknown>): void
  spinner(text: string): Promise<Spinner>
  /** Resolves once the data written so far has left the process (a state file may advance only then). */
  flush(): Promise<void>
  /** The progress of a wait for this many payouts. */
  waitWatch(total: number): WaitWatch
}

/** A reporter for a caller that keeps only the warnings and the details (a run for data, an agent's tool call). */
export class KeptReport implements Reporter {
  readonly jsonDetails = true
  readonly stderrIsTTY = false
  readonly stdoutIsTTY = false
  readonly warnings: string[] = []
  readonly details: Record<string, unknown> = {}

  warn(text: string): void {
    this.warnings.push(text)
  }

  detail(value: Record<string, unknown>): void {
    Object.assign(this.details, value)
  }

  info(): void {}
  note(): void {}
  summary(): void {}
  stderr(): void {}

  async spinner(): Promise<Spinner> {
    return {update() {}, stop() {}}
  }

  async flush(): Promise<void> {}

  waitWatch(): WaitWatch {
    return {start: async () => {}, change() {}, round() {}, stop() {}}
  }
}
