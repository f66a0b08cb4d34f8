import type {ExitCodeValue} from '../../../shared/exit-codes.js'
import type {OnlineChecks} from '../check/online-checks.js'
import {type JournalPreview, journalPreview} from '../plan/journal-preview.js'
import type {ImportDiff, ImportPlan} from '../plan/plan.js'
import type {ChunkOptions} from '../send/chunks.js'
import type {ReportLine} from '../send/report.js'
import type {SendResult} from '../send/runner.js'
import {formatValidationError, type ValidationResult} from '../validate/validate-file.js'

/**
 * What an import ends with, the outcome stage's one result: the validation alone (dry run, invalid file,
 * rows the service would refuse), or what the send did. Its `--json` is a view of it, `summaryOf` (`--dry-run
 * --json` prints `{rows, valid, invalid, totals, errors}`; a real import adds what happened to the rows). The
 * screen rendering of the same numbers is src/cli/output/import-summary.ts; the exit code, import-outcome.ts.
 */
export type ImportResult = ValidationOnly | SentImport

interface ValidationOnly {
  kind: 'validation'
  validation: ValidationResult
  label: string
  outcome?: Outcome
  checks?: OnlineChecks
  /** `--dry-run`: the plan against the journal of earlier imports of the file, in this profile. */
  dryRun?: {plan: ImportPlan; profile: string}
}

interface SentImport {
  kind: 'import'
  validation: ValidationResult
  send: SendResult
  label: string
  profile: string
  journal: string
  report?: string
  /** How the file differs from the one the journal last saw (absent when it is the same, or new). */
  diff?: ImportDiff
  outcome?: Outcome
  fatal?: unknown
  /** The rows as the import read them (with `holdRows`): `--wait` follows these, the file is not read again. */
  rows?: ChunkOptions<unknown>
  /** The file was refused (rows without customId added or removed since its import): nothing was sent. */
  refused?: boolean
}

/** How the import ends: its exit code, and the error it ends with (import-outcome.ts decides it). */
export interface Outcome {
  exitCode: ExitCodeValue
  code: string
  message: string
  suggestions: string[]
}

/** The `--json` of the validation alone. */
export type ValidationSummary = {
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

/** The `--json` of an import: the send's counts, with `present` named for readers as `alreadyPresent`. */
export type ImportSummary = ValidationSummary &
  Omit<SendResult, 'present' | 'stopped' | 'problem' | 'fatal' | 'problems'> & {
    /** Already on the service with the same content: idempotent replays and payouts found by customId. */
    alreadyPresent: number
    /** How the file differs from the one the journal last saw (absent when it is the same, or new). */
    diff?: ImportDiff
    /** Failed and conflicting rows, the first 20. */
    problems: ReportLine[]
    /** Set when the run stopped early: `interrupted` (Ctrl-C), `transient` (exit 7), `fatal`. */
    stopped?: string
    /** Rows not sent because the file was refused (a re-run sends nothing either: see the error). */
    refused?: number
    report?: string
    journal: string
  }

/** The `--json` of a result. */
export const summaryOf = (result: ImportResult): ValidationSummary | ImportSummary =>
  result.kind === 'import' ? importSummary(result) : validationSummary(result)

export function validationSummary(result: ValidationOnly): ValidationSummary {
  const {validation, checks, dryRun} = result
  return {
    rows: validation.rows,
    valid: validation.valid,
    invalid: validation.invalid,
    totals: validation.totals,
    errors: validation.errors.map(e => ({line: e.line, column: e.column || null, message: e.message})),
    ...(validation.errorsOmitted ? {errorsOmitted: validation.errorsOmitted} : {}),
    // The dry run's checks and preview go together: the checks of a refused import are on the screen only.
    ...(dryRun && checks
      ? {
          checks: {online: checks.online, problems: checks.problems},
          preview: journalPreview(dryRun.plan, dryRun.profile, validation.valid),
        }
      : {}),
  }
}

export function importSummary(result: SentImport): ImportSummary {
  const {validation, send} = result
  return {
    ...validationSummary({kind: 'validation', validation, label: result.label}),
    created: send.created,
    updated: send.updated,
    unchanged: send.unchanged,
    alreadyPresent: send.present,
    followedUp: send.followedUp,
    conflicts: send.conflicts,
    conflictsEarlier: send.conflictsEarlier,
    failed: send.failed,
    paymentsFailed: send.paymentsFailed,
    pending: result.refused ? 0 : Math.max(send.pending, validation.valid - settledRows(send)),
    ...(result.refused ? {refused: validation.valid - settledRows(send)} : {}),
    chunks: send.chunks,
    chunksSent: send.chunksSent,
    chunksFailed: send.chunksFailed,
    ...(result.diff ? {diff: result.diff} : {}),
    problems: send.problems,
    ...(send.stopped ? {stopped: send.stopped} : {}),
    ...(result.report ? {report: result.report} : {}),
    journal: result.journal,
  }
}

/** Rows this run (or an earlier one) settled one way or another: the others are still to do. */
const settledRows = (send: SendResult) =>
  send.created +
  send.updated +
  send.present +
  send.unchanged +
  send.followedUp +
  send.conflicts +
  send.conflictsEarlier +
  send.failed

/** The validation errors, one `line N, column X: reason` each, then how many more there are. */
export function errorLines(result: ValidationResult): string[] {
  const lines = result.errors.map(formatValidationError)
  if (result.errorsOmitted) lines.push(`… and ${result.errorsOmitted.toLocaleString('en-US')} more errors`)
  return lines
}
