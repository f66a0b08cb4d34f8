import type {OnlineChecks} from '../check/online-checks.js'
import type {ValidationResult} from '../validate/validate-file.js'
import type {Outcome} from './import-outcome.js'
import type {ImportSummary, ValidationSummary} from './run-summary.js'

/** What `payouts import` ends with: the validation alone (dry run, invalid file), or the import's summary. */
export type ImportResult =
  | {
      kind: 'validation'
      summary: ValidationSummary
      validation: ValidationResult
      label: string
      outcome?: Outcome
      checks?: OnlineChecks
    }
  | {kind: 'import'; summary: ImportSummary; label: string; profile: string; outcome?: Outcome; fatal?: unknown}
