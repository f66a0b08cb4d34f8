import type {JournalPreview} from '../plan/journal-preview.js'
import type {ImportDiff} from '../plan/plan.js'
import type {ReportLine} from '../send/report.js'
import type {SendResult} from '../send/runner.js'
import {formatValidationError, type ValidationResult} from '../validate/validate-file.js'

/**
 * The import's results as data: the `--json` objects (`--dry-run --json` prints `{rows, valid, invalid,
 * totals, errors}`; a real import adds what happened to the rows). The screen rendering of the same numbers
 * is src/cli/output/import-summary.ts; the exit code they mean, import-outcome.ts.
 */

export interface ValidationSummary {
  rows: number
  valid: number
  invalid: number
  totals: Record<string, string>
  errors: Array<{line: number; column: string | null; message: string}>
  /** Present when more errors were found than listed. */
  errorsOmitted?: number
  /** How the online checks went (`--dry-run` against the service), when they ran. */
  checks?: {online: boolean; problems: Array<{line: number | null; message: string}>}
  /** `--dry-run`: what an import would do now, from the journal of earlier imports of the file. */
  preview?: JournalPreview
}

/** The run's counts, with `present` named for readers of `--json` as `alreadyPresent`. */
export interface ImportSummary
  extends ValidationSummary,
    Omit<SendResult, 'present' | 'stopped' | 'problem' | 'fatal' | 'problems'> {
  /** Already on the service with the same content: idempotent replays and payouts found by customId. */
  alreadyPresent: number
  /** How the file differs from the one the journal last saw (absent when it is the same, or new). */
  diff?: ImportDiff
  /** Failed and conflicting rows, the first 20. */
  problems: ReportLine[]
  /** Set when the run stopped early: `interrupted` (Ctrl-C), `transient` (exit 7), `fatal`. */
  stopped?: string
  report?: string
  journal: string
}

export function validationSummary(result: ValidationResult): ValidationSummary {
  return {
    rows: result.rows,
    valid: result.valid,
    invalid: result.invalid,
    totals: result.totals,
    errors: result.errors.map(e => ({line: e.line, column: e.column || null, message: e.message})),
    ...(result.errorsOmitted ? {errorsOmitted: result.errorsOmitted} : {}),
  }
}

export function importSummary(
  validation: ValidationResult,
  run: SendResult,
  extra: {chunks: number; journal: string; report?: string; diff?: ImportDiff},
): ImportSummary {
  return {
    ...validationSummary(validation),
    created: run.created,
    updated: run.updated,
    unchanged: run.unchanged,
    alreadyPresent: run.present,
    followedUp: run.followedUp,
    conflicts: run.conflicts,
    conflictsEarlier: run.conflictsEarlier,
    failed: run.failed,
    paymentsFailed: run.paymentsFailed,
    pending: Math.max(run.pending, validation.valid - settledRows(run)),
    chunks: extra.chunks,
    chunksSent: run.chunksSent,
    chunksFailed: run.chunksFailed,
    ...(extra.diff ? {diff: extra.diff} : {}),
    problems: run.problems,
    ...(run.stopped ? {stopped: run.stopped} : {}),
    ...(extra.report ? {report: extra.report} : {}),
    journal: extra.journal,
  }
}

/** Rows this run (or an earlier one) settled one way or another: the others are still to do. */
const settledRows = (run: SendResult) =>
  run.created +
  run.updated +
  run.present +
  run.unchanged +
  run.followedUp +
  run.conflicts +
  run.conflictsEarlier +
  run.failed

/** The validation errors, one `line N, column X: reason` each, then how many more there are. */
export function errorLines(result: ValidationResult): string[] {
  const lines = result.errors.map(formatValidationError)
  if (result.errorsOmitted) lines.push(`… and ${result.errorsOmitted.toLocaleString('en-US')} more errors`)
  return lines
}
