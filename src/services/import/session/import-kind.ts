import type {PayoutClient} from '../../../client/index.js'
import type {ApiGeneration} from '../../../contract/primitives.js'
import type {OnlineChecks} from '../check/online-checks.js'
import type {ChunkOptions} from '../send/chunks.js'
import type {ChunkSender} from '../send/send.js'
import type {RowSchema, SchemaOptions} from '../validate/import-schema.js'
import type {RowObserver, ValidationResult} from '../validate/validate-file.js'

/**
 * What the import engine (import-session.ts) needs to know about one kind of record it imports: payouts
 * (payout-kind.ts) or counterparties (counterparty-kind.ts). Everything else (validation, lock, journal,
 * plan, chunks, report, outcome) is the same for every kind.
 */

/** What a person confirms on production before rows that move money are sent. */
export interface Confirmation {
  action: string
  count: number
  totals: Record<string, string>
}

/** The dry run's online checks made as the validation pass reads the rows (the rows are read once). */
export interface DryRunChecks<Item> extends RowObserver {
  /** Whether the checks read the rows again for a file with these columns (the rows are then kept). */
  readsRows(hasColumn: (name: string) => boolean): boolean
  /** What the checks found, or why they ran offline. */
  result(chunkOptions: ChunkOptions<Item>): Promise<OnlineChecks>
}

export interface ImportKind<Item> {
  /** The journal's folder under the profile's imports (empty for payouts, whose journals predate the others). */
  namespace: string
  /** The `api` the journal header records: an import of a file resumes only with the same one. */
  api: ApiGeneration
  schema: RowSchema<Item>
  schemaOptions: SchemaOptions
  /** Part of every chunk's idempotency key: the same rows sent as another request get other keys. */
  request: string
  /** The follow-up step the journal records per row (payouts' --and-then). */
  andThen?: string
  /** The header of `--report`'s id column. */
  idColumn: string
  sender(client: PayoutClient): Promise<ChunkSender<Item>>
  /**
   * Checks with the service that a valid file can still fail; `sending` is false for `--dry-run` (of a kind without
   * `dryRunChecks`).
   */
  checkOnline?(input: {
    client: () => Promise<PayoutClient>
    validation: ValidationResult
    chunkOptions: ChunkOptions<Item>
    sending: boolean
  }): Promise<OnlineChecks | undefined>
  /** `--dry-run`'s online checks, started before the validation pass (the service is asked meanwhile). */
  dryRunChecks?(client: () => Promise<PayoutClient>): Promise<DryRunChecks<Item>>
  /** Completes a row's body once `checkOnline` has run (chunks.ts `prepare`). */
  prepare?(item: Item): Item
  /** The confirmation of the rows that move money on their own, if any. */
  confirmation?(validation: ValidationResult): Confirmation | undefined
}
