import {describeTotals} from '../confirm.js'
import {ExitCode, type ExitCodeValue} from '../exit-codes.js'
import type {Output} from '../output/output.js'
import {count} from './progress.js'
import type {RunResult} from './runner.js'
import {formatValidationError, type ValidationResult} from './validate.js'

/**
 * The import's results: the `--json` objects (DESIGN: `--dry-run --json` prints `{rows, valid, invalid,
 * totals, errors}`; a real import adds `created`, `updated`, `failed`, `chunks`), the human rendering, and
 * the exit code they mean.
 */

export interface ValidationSummary {
  rows: number
  valid: number
  invalid: number
  totals: Record<string, string>
  errors: Array<{line: number; column: string | null; message: string}>
  /** Present when more errors were found than listed. */
  errorsOmitted?: number
}

export interface ImportSummary extends ValidationSummary {
  created: number
  updated: number
  failed: number
  /** Rows of chunks finished by an earlier run of the same file and profile (not sent again). */
  alreadyImported: number
  /** Rows a re-run will send (not sent, or sent without a confirmation). */
  pending: number
  chunks: number
  chunksSent: number
  chunksFailed: number
  chunksAlreadyImported: number
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
  run: RunResult,
  extra: {chunks: number; journal: string; report?: string},
): ImportSummary {
  return {
    ...validationSummary(validation),
    created: run.created,
    updated: run.updated,
    failed: run.failed,
    alreadyImported: run.alreadyImported,
    pending: run.pending,
    chunks: extra.chunks,
    chunksSent: run.chunksSent,
    chunksFailed: run.chunksFailed,
    chunksAlreadyImported: run.chunksAlreadyImported,
    ...(run.stopped ? {stopped: run.stopped} : {}),
    ...(extra.report ? {report: extra.report} : {}),
    journal: extra.journal,
  }
}

/** The validation errors, one `line N, column X: reason` each, then how many more there are. */
export function errorLines(result: ValidationResult): string[] {
  const lines = result.errors.map(formatValidationError)
  if (result.errorsOmitted) lines.push(`… and ${count(result.errorsOmitted)} more errors`)
  return lines
}

export function renderValidation(out: Output, result: ValidationResult, label: string): void {
  out.keyValue(
    [
      ['Rows', `${count(result.rows)} (${count(result.valid)} valid, ${count(result.invalid)} invalid)`],
      ['Totals', describeTotals(result.totals)],
      ['Delimiter', result.delimiter === '\t' ? 'tab' : result.delimiter],
      ['Encoding', result.encoding],
      ['Ignored', result.ignoredColumns.length ? result.ignoredColumns.join(', ') : undefined],
    ],
    `${label}: validated, nothing sent (--dry-run)`,
  )
  const errors = errorLines(result)
  if (errors.length) {
    out.line()
    for (const line of errors) out.line(line)
  }
}

export function renderImport(out: Output, summary: ImportSummary, title: string): void {
  const chunkText = [
    `${count(summary.chunks)} in the file`,
    `${count(summary.chunksSent)} sent`,
    summary.chunksFailed ? `${count(summary.chunksFailed)} rejected` : '',
    summary.chunksAlreadyImported ? `${count(summary.chunksAlreadyImported)} done by an earlier run` : '',
  ]
  out.keyValue(
    [
      ['Rows', `${count(summary.rows)} (${count(summary.valid)} valid, ${count(summary.invalid)} invalid)`],
      ['Created', count(summary.created)],
      ['Updated', summary.updated ? count(summary.updated) : undefined],
      ['Failed', count(summary.failed)],
      ['Earlier run', summary.alreadyImported ? `${count(summary.alreadyImported)} rows already imported` : undefined],
      [
        'Not done',
        summary.pending ? `${count(summary.pending)} rows (re-run the same command to send them)` : undefined,
      ],
      ['Chunks', chunkText.filter(Boolean).join(', ')],
      ['Totals', describeTotals(summary.totals)],
      ['Report', summary.report],
    ],
    title,
  )
}

export interface Outcome {
  exitCode: ExitCodeValue
  code: string
  message: string
  suggestions: string[]
}

/** Exit 0 all done; 8 rows failed or invalid rows skipped; 7 transient (resumable); 130 interrupted. */
export function importOutcome(summary: ImportSummary): Outcome | undefined {
  const progress = `${count(summary.chunksSent - summary.chunksFailed + summary.chunksAlreadyImported)} of ${count(
    summary.chunks,
  )} chunks done`
  const resume = 're-run the same command to resume: finished chunks are not sent again'
  if (summary.stopped === 'interrupted')
    return {
      exitCode: ExitCode.interrupted,
      code: 'INTERRUPTED',
      message: `interrupted; ${progress}`,
      suggestions: [resume],
    }
  if (summary.stopped === 'transient')
    return {
      exitCode: ExitCode.transient,
      code: 'TRANSIENT',
      message: `the service did not answer after retries; ${progress}`,
      suggestions: [resume],
    }
  if (summary.failed || summary.invalid) {
    const parts = [
      summary.failed ? `${count(summary.failed)} rows failed (${count(summary.chunksFailed)} chunks)` : '',
      summary.invalid ? `${count(summary.invalid)} invalid rows were skipped` : '',
    ]
    return {
      exitCode: ExitCode.partial,
      code: 'PARTIAL',
      message: parts.filter(Boolean).join('; '),
      suggestions: [
        summary.report ? `see ${summary.report}` : 'pass --report FILE.csv for the status of every row',
        ...(summary.failed ? ['fix the cause, then re-run the same command: finished chunks are not sent again'] : []),
      ],
    }
  }
  return undefined
}
