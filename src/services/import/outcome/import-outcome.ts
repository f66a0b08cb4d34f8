import {PayctlError} from '../../../shared/errors.js'
import {ExitCode} from '../../../shared/exit-codes.js'
import {retryFailedCommand} from '../../../shared/shell-word.js'
import type {OnlineChecks} from '../check/online-checks.js'
import type {ImportDiff} from '../plan/plan.js'
import type {ValidationResult} from '../validate/validate-file.js'
import {errorLines, type ImportSummary, type Outcome} from './import-result.js'

/**
 * Every outcome of `payouts import` and its exit code, decided here: 0 all in; 5 conflicts (found by this
 * run; a re-run reports them as earlier and exits 0) or a changed file without customIds (nothing sent); 6
 * invalid file (nothing sent); 7 the service stayed unavailable (resumable); 8 rows failed or invalid rows
 * left out; 130 interrupted (resumable).
 */

/** The code of an import whose only failures are payments the service declined at once (exit 8). */
export const PAYMENTS_FAILED = 'PAYMENTS_FAILED'

const count = (n: number) => n.toLocaleString('en-US')
const plural = (n: number, word: string) => `${count(n)} ${word}${n === 1 ? '' : 's'}`

/**
 * Validation alone: 6 for an unreadable or invalid file, also when --skip-invalid leaves no row to send (nothing
 * was sent); 8 when --skip-invalid leaves some rows out.
 */
export function validationOutcome(
  result: ValidationResult,
  skipInvalid: boolean,
  dryRun: boolean,
): Outcome | undefined {
  if (!result.invalid && !result.fatal) return undefined
  const invalid = result.fatal
    ? `the file cannot be imported (${result.errors[0] ? errorLines(result)[0] : 'see above'})`
    : `${count(result.invalid)} of ${count(result.rows)} rows are invalid`
  if (skipInvalid && !result.fatal && !result.valid)
    return {
      exitCode: ExitCode.invalidInput,
      code: 'INVALID_INPUT',
      message: `${invalid}; --skip-invalid leaves them out and no row is left: nothing was sent`,
      suggestions: ['fix them'],
    }
  if (result.fatal || !skipInvalid)
    return {
      exitCode: ExitCode.invalidInput,
      code: 'INVALID_INPUT',
      message: `${invalid}; nothing was sent`,
      suggestions: result.fatal ? [] : ['fix them, or pass --skip-invalid to send the valid rows only'],
    }
  if (dryRun)
    return {
      exitCode: ExitCode.partial,
      code: 'PARTIAL',
      message: `${invalid}; --skip-invalid leaves them out`,
      suggestions: [],
    }
  return undefined
}

/** `--dry-run` online: rows the service would refuse make the dry run fail (6), nothing was sent. */
export function checksOutcome(checks: OnlineChecks): Outcome | undefined {
  if (!checks.problems.length) return undefined
  return {
    exitCode: ExitCode.invalidInput,
    code: 'WOULD_FAIL',
    message: 'the service would refuse rows of this file (see above); nothing was sent',
    suggestions: ['fix the rows, add funds, or leave the rows out; --offline skips these checks'],
  }
}

/** A file without customIds whose rows differ from its earlier import: refused, nothing sent. */
export function derivedEditOutcome(label: string, diff: ImportDiff): Outcome {
  const parts = [
    diff.added.count ? `${plural(diff.added.count, 'row')} added` : '',
    diff.changed.count ? `${plural(diff.changed.count, 'row')} changed` : '',
    diff.removed.count ? `${plural(diff.removed.count, 'row')} removed` : '',
  ].filter(Boolean)
  return {
    exitCode: ExitCode.conflict,
    code: 'CHANGED_WITHOUT_CUSTOM_ID',
    message: `${label} was imported before and differs now (${parts.join(', ')}); its rows have no customId, so payctl cannot tell an edited row from a new payout: nothing was sent`,
    suggestions: keyedOrNewSet(),
  }
}

/** What to do with a file without customIds that was edited after its import: the import refuses it. */
export const keyedOrNewSet = () => [
  'to change payouts, give every row a customId column (the same ids as before) and import again',
  `to send this file as a new, separate set of payouts, import it with --batch NAME (e.g. --batch ${new Date().toISOString().slice(0, 10)})`,
]

const progressOf = (summary: ImportSummary) => {
  const done = summary.created + summary.updated + summary.unchanged + summary.alreadyPresent + summary.followedUp
  return `${count(done)} of ${count(summary.valid)} rows done`
}

/** The outcome of a run that sent rows; `file` is the file as the command was given it (named in the advice). */
export function importOutcome(summary: ImportSummary, file: string): Outcome | undefined {
  const resume = 're-run the same command to resume: rows already in are not sent again'
  if (summary.stopped === 'interrupted')
    return {
      exitCode: ExitCode.interrupted,
      code: 'INTERRUPTED',
      message: `interrupted; ${progressOf(summary)}`,
      suggestions: [resume],
    }
  if (summary.stopped === 'transient')
    return {
      exitCode: ExitCode.transient,
      code: 'TRANSIENT',
      message: `the service did not answer after retries; ${progressOf(summary)}`,
      suggestions: [resume],
    }
  const see = summary.report ? `see ${summary.report}` : 'pass --report FILE.csv for the status of every row'
  if (summary.failed && summary.failed === summary.paymentsFailed && !summary.invalid && !summary.conflicts)
    return {
      exitCode: ExitCode.partial,
      code: PAYMENTS_FAILED,
      message: `the service declined the payment of ${plural(summary.failed, 'row')} at once (listed above); their payouts are failed`,
      suggestions: [
        `fix the recipients' payment methods, then: ${retryFailedCommand(file)} (the import itself sends nothing more for them)`,
      ],
    }
  if (summary.failed || summary.invalid) {
    const parts = [
      summary.failed ? `${plural(summary.failed, 'row')} failed` : '',
      summary.invalid ? `${plural(summary.invalid, 'invalid row')} left out` : '',
      summary.conflicts ? `${plural(summary.conflicts, 'row')} in conflict` : '',
    ]
    return {
      exitCode: ExitCode.partial,
      code: 'PARTIAL',
      message: parts.filter(Boolean).join('; '),
      suggestions: [
        see,
        ...(summary.failed ? ['fix the cause, then re-run the same command: rows already in are not sent again'] : []),
      ],
    }
  }
  if (summary.conflicts)
    return {
      exitCode: ExitCode.conflict,
      code: 'CONFLICT',
      message:
        summary.conflicts === 1
          ? '1 row conflicts with the payout the service holds for it (listed above); the import changed nothing there'
          : `${count(summary.conflicts)} rows conflict with the payouts the service holds for them (listed above); the import changed nothing there`,
      suggestions: [
        see,
        'the journal keeps them: a re-run of this file reports them as conflicts reported earlier and sends nothing for them',
      ],
    }
  return undefined
}

/** The error an outcome ends the command with (its exit code, code and suggestions). */
export const outcomeError = (outcome: Outcome) =>
  new PayctlError(outcome.message, {exitCode: outcome.exitCode, code: outcome.code, suggestions: outcome.suggestions})
