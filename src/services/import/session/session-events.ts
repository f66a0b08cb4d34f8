import type {ImportDiff} from '../plan/plan.js'
import type {ReportLine} from '../send/report.js'
import type {ChunkEvent} from '../send/runner.js'
import type {ValidationResult} from '../validate/validate-file.js'

/**
 * What an import session reports while it runs, in order; the CLI renders them (src/cli/output/import-session-view.ts)
 * and a test or another caller may ignore them. The session's result is its return value, not an event.
 */
export type ImportEvent =
  /** The whole file is validated and is about to be sent (not sent for --dry-run or an invalid file). */
  | {type: 'validated'; label: string; validation: ValidationResult; skipInvalid: boolean}
  /** Another import of the same file into the same profile holds the lock: this one waits. */
  | {type: 'waiting-for-lock'; label: string; pid: number}
  /** The file was compared with the journal of earlier imports (`refused`: rows without customId were edited). */
  | {
      type: 'planned'
      label: string
      profile: string
      journal: string
      valid: number
      work?: number
      diff?: ImportDiff
      refused: boolean
    }
  /** A warning that does not stop the import (funds look short). */
  | {type: 'warning'; message: string}
  /** Sending starts: `rows` valid rows in the file. */
  | {type: 'sending'; label: string; rows: number}
  /** One chunk is settled and recorded in the journal. */
  | ({type: 'chunk-sent'} & ChunkEvent)
  /** The rows of the file up to a chunk's last, in file order: each with its status and payout (the report's lines). */
  | {type: 'rows-done'; rows: ReportLine[]}
  /** Sending ended, `stopped` says why when early (interrupted, transient, fatal). */
  | {type: 'sent'; stopped?: 'interrupted' | 'transient' | 'fatal'}

/** Receives the events; the session waits for a returned promise (a spinner that has to start first). */
export type ImportEvents = (event: ImportEvent) => void | Promise<void>
