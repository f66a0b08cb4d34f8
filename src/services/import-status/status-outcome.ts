import {isDeleted, isUnpaidEnd} from '../../contract/lifecycle.js'
import {PayctlError} from '../../shared/errors.js'
import {ExitCode} from '../../shared/exit-codes.js'
import {retryFailedCommand, shellWord} from '../../shared/shell-word.js'
import {keyedOrNewSet} from '../import/outcome/import-outcome.js'
import {INVALID, NOT_IMPORTED, type StatusRow} from './status-row.js'
import type {StatusSummary} from './status-summary.js'

/**
 * The exit rules of `payouts import-status` (and of `payouts import --wait`, which ends with it): exit 8 when
 * rows failed, expired, were deleted, were never imported or are invalid (each named, the first PROBLEMS_KEPT
 * kept); a wait that timed out (exit 7) is decided by the wait itself (src/services/payouts/wait.ts).
 */

/** A row that did not go through: its payout ended unpaid or was deleted, or the row never became a payout. */
const isProblem = (status: string) =>
  isUnpaidEnd(status) || isDeleted(status) || status === NOT_IMPORTED || status === INVALID

/** Rows kept to be named; the others are counted. */
const PROBLEMS_KEPT = 1000

export interface StatusProblem {
  line: number
  customId?: string
  status: string
  why?: string
}

/** Collects the rows that did not go through, as the rows stream past. */
export class StatusProblems {
  readonly kept: StatusProblem[] = []
  /** Rows not imported whose customId the file does not give (derived from their values). */
  derivedNotImported = 0

  /** `derived`: the file gives the row no customId. */
  add(row: StatusRow, derived = false): void {
    if (derived && row.status === NOT_IMPORTED) this.derivedNotImported++
    if (!isProblem(row.status) || this.kept.length >= PROBLEMS_KEPT) return
    this.kept.push({
      line: row.line,
      customId: row.customId,
      status: row.status,
      why: row.failureCode ? `${row.failureCode}: ${row.failureReason ?? ''}` : row.failureReason,
    })
  }
}

/** How many rows of the summary did not go through. */
export const problemCount = (summary: StatusSummary) =>
  Object.entries(summary.byStatus)
    .filter(([status]) => isProblem(status))
    .reduce((n, [, entry]) => n + entry.rows, 0)

/**
 * The error the command ends with, if any: `file` is the file as the command was given it (named in the advice).
 * `refusedUnlessKeyed`: rows without customId are not imported while the file's import finished before, so a
 * re-run of the import refuses the file (it cannot tell added rows from edited ones) and the advice says what does
 * work.
 */
export function statusOutcome(
  problems: StatusProblem[],
  summary: StatusSummary,
  file: string,
  refusedUnlessKeyed = false,
): PayctlError | undefined {
  if (!problems.length) return undefined
  const byStatus = Object.entries(summary.byStatus)
    .filter(([status]) => isProblem(status))
    .map(([status, entry]) => `${status}: ${entry.rows}`)
    .join(', ')
  const has = (status: string) => Boolean(summary.byStatus[status])
  const suggestions = [
    has('failed') && `fix the recipients' payment methods, then: ${retryFailedCommand(file)}`,
    has(NOT_IMPORTED) &&
      !refusedUnlessKeyed &&
      `import the rows not imported yet: payctl payouts import ${file === '-' ? 'FILE' : shellWord(file)} (it resumes)`,
    ...(has(NOT_IMPORTED) && refusedUnlessKeyed
      ? [
          'rows without a customId were added since the file was imported, and payctl cannot tell them from edited rows',
          ...keyedOrNewSet(),
        ]
      : []),
  ].filter((s): s is string => Boolean(s))
  return new PayctlError(`${problemCount(summary)} of ${summary.rows} rows did not go through (${byStatus})`, {
    exitCode: ExitCode.partial,
    code: 'ROWS_FAILED',
    suggestions,
    data: {problems},
  })
}
