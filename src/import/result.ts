import type {OnlineChecks} from './checks.js'
import type {Outcome} from './outcome.js'
import type {ImportSummary, ValidationSummary} from './summary.js'
import type {ValidationResult} from './validate.js'

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
