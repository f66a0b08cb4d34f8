import type {PayoutClient} from '../../../client/index.js'
import type {ResolvedProfile} from '../../../config/resolve.js'
import type {Delimiter} from '../read/sniff.js'
import type {Source} from '../read/source.js'
import type {ChunkOptions} from '../send/chunks.js'
import type {ValidationResult} from '../validate/validate-file.js'
import type {Confirmation, ImportKind} from './import-kind.js'
import type {ImportEvents} from './session-events.js'

/** What an import session is given (SessionOptions) and what its stages share once the file is validated. */

export interface SessionOptions<Item> {
  kind: ImportKind<Item>
  file: string
  dryRun: boolean
  skipInvalid: boolean
  /** `--dry-run` without asking the service. */
  offline?: boolean
  /** Derived customIds of this batch (`--batch`): the same rows as a new set. */
  batch?: string
  concurrency: number
  encoding: string
  delimiter?: Delimiter
  report?: string
  dataDir: string
  profile(): Promise<ResolvedProfile>
  client(): Promise<PayoutClient>
  /** Production confirmation of money-moving rows, after a warning when funds look short. */
  confirm(confirmation: Confirmation, environment: ResolvedProfile['environment']): Promise<void>
  onEvent?: ImportEvents
  /** Aborted on Ctrl-C. */
  signal?: AbortSignal
  /** --force-unlock: remove the import's lock first. */
  forceUnlock?: boolean
  /** Whether `onEvent` wants every row's outcome (`rows-done` events: ids for --quiet). */
  wantsRows?: boolean
  /** Validated rows held in memory before they go to a temporary file (default 10,000). */
  keepInMemoryRows?: number
  /**
   * Keep the validated rows after a real import (`SentImport.rows`, for `--wait`); whoever asks closes them
   * (`rows.kept.close()`). Otherwise the session removes them when it ends.
   */
  holdRows?: boolean
}

/** What one import works with once the file is validated. */
export interface SessionContext<Item> {
  options: SessionOptions<Item>
  source: Source
  validation: ValidationResult
  chunkOptions: ChunkOptions<Item>
  emit: ImportEvents
}
