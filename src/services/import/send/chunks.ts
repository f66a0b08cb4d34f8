import {type PayoutLike, RowIdentifier} from '../../payouts/payout-identity.js'
import type {JournalRow} from '../plan/journal.js'
import type {RowSet} from '../validate/duplicates.js'
import type {RowSchema} from '../validate/import-schema.js'
import type {RowStore} from '../validate/row-store.js'
import type {ValidationResult} from '../validate/validate-file.js'

/**
 * The rows the validation pass kept (row-store.ts), read in file order by every later stage (plan, online
 * checks, sending, import-status): the valid ones with their identity, grouped into chunks of 100, numbered
 * from 1. The grouping depends only on the file and the options, so a re-run forms the same chunks, with the
 * same idempotency keys. The CSV is not read again.
 */

export const CHUNK_SIZE = 100

export interface ChunkRow<Item> {
  line: number
  customId: string
  /** The customId was derived from the row's content (the file has none for it). */
  derived: boolean
  /** The digest of what the row says about its payout (identity.ts). */
  content: string
  /** The payout the row's id column names (v2 form): compared with it, never created. */
  payoutId?: string
  item: Item
  /** What the row needs: created, compared with its payout and updated, or followed up (--and-then). */
  action: RowAction
  /** What the journal knows about the row from an earlier run. */
  previous?: JournalRow
}

export type RowAction = 'create' | 'update' | 'follow-up'

/** A row that needs nothing sent: the journal knows it (unchanged, or a conflict reported earlier). */
export interface SettledRow {
  line: number
  customId: string
  payoutId?: string
  status: 'unchanged' | 'conflict'
  error?: string
}

/** Decides what a row needs (plan.ts): an action, or nothing to send. */
export type RowClassifier = (row: {
  customId: string
  content: string
}) => {action: RowAction; previous?: JournalRow} | {settled: Omit<SettledRow, 'line'>}

/** A row left out (invalid, with --skip-invalid): it still gets its line in the report. */
export interface SkippedRow {
  line: number
  customId?: string
  error: string
}

export interface Chunk<Item> {
  /** 1-based. */
  number: number
  rows: ChunkRow<Item>[]
  /** Invalid rows of the file that come before this chunk's last row (and after the previous chunk's). */
  skipped: SkippedRow[]
  /** Rows that need nothing sent, among the same lines. */
  settled: SettledRow[]
}

export interface ChunkOptions<Item> {
  schema: RowSchema<Item>
  /** The rows the validation pass kept (`keepRows`). */
  kept?: RowStore
  /** Mixed into derived customIds (`--batch`): the same rows as a new set of payouts. */
  batch?: string
  invalidRows: RowSet
  /** What each valid row needs; without it every row is created. */
  classify?: RowClassifier
  /** Sees every valid row, in file order. */
  onRow?: (row: {customId: string; content: string}) => void
  /** Completes a valid row's body before its identity is taken (a counterparty's customId replaced by its id). */
  prepare?: (item: Item) => Item
  duplicateOf: Map<number, string>
  size?: number
}

/** The chunk options of a file its validation pass has read: every reader then sees the same rows, skips and ids. */
export function validatedChunkOptions<Item>(
  file: {schema: RowSchema<Item>; batch?: string},
  validation: ValidationResult,
): ChunkOptions<Item> {
  return {
    ...file,
    kept: validation.kept,
    invalidRows: validation.invalidRows,
    duplicateOf: validation.duplicateOf,
  }
}

type FileRow<Item> = {kind: 'invalid'; row: SkippedRow} | {kind: 'valid'; row: Omit<ChunkRow<Item>, 'action'>}

/** Every row of the file in order: the invalid ones with their error, the valid ones with their identity. */
export async function* fileRows<Item>(options: ChunkOptions<Item>): AsyncGenerator<FileRow<Item>> {
  if (!options.kept) throw new Error('the validation pass kept no rows to read')
  const identifier = new RowIdentifier(options.batch)
  let ordinal = 0
  for await (const entry of options.kept.rows()) {
    const row = ordinal++
    const {line, customId} = entry
    if (options.invalidRows.has(row)) {
      const error =
        options.duplicateOf.get(row) ??
        entry.errors?.map(e => (e.column ? `${e.column}: ${e.message}` : e.message)).join('; ') ??
        'invalid row'
      yield {kind: 'invalid', row: {line, customId, error}}
      continue
    }
    if (!entry.row?.item) throw new Error(`line ${line} has no request body`)
    yield {
      kind: 'valid',
      row: validRow(options, identifier, line, entry.row as {item?: Item; payoutId?: string}, customId),
    }
  }
}

/** A valid row with its identity: its body completed (`prepare`) and given its customId (derived if none). */
function validRow<Item>(
  options: ChunkOptions<Item>,
  identifier: RowIdentifier,
  line: number,
  parsed: {item?: Item; payoutId?: string},
  customId: string | undefined,
): Omit<ChunkRow<Item>, 'action'> {
  const item = options.prepare ? options.prepare(parsed.item as Item) : (parsed.item as Item)
  const payoutId = parsed.payoutId
  // A row naming its payout by id is known by it: no customId is derived for it (none is sent).
  const identity = identifier.identify(item as PayoutLike, customId ?? payoutId, options.schema.content?.(item))
  const body = customId || payoutId ? item : options.schema.withCustomId(item, identity.customId)
  return {line, customId: identity.customId, derived: identity.derived, content: identity.content, payoutId, item: body}
}

export async function* readChunks<Item>(options: ChunkOptions<Item>): AsyncGenerator<Chunk<Item>> {
  const size = options.size ?? CHUNK_SIZE
  let chunk: Chunk<Item> = {number: 1, rows: [], skipped: [], settled: []}
  for await (const entry of fileRows(options)) {
    if (entry.kind === 'invalid') {
      chunk.skipped.push(entry.row)
      continue
    }
    options.onRow?.(entry.row)
    const decision = options.classify?.(entry.row) ?? {action: 'create' as const}
    if ('settled' in decision) {
      chunk.settled.push({line: entry.row.line, ...decision.settled})
      continue
    }
    // fileRows built the row for this reader alone: it takes its action in place, not in a copy.
    const row = entry.row as ChunkRow<Item>
    row.action = decision.action
    if (decision.previous) row.previous = decision.previous
    chunk.rows.push(row)
    if (chunk.rows.length === size) {
      yield chunk
      chunk = {number: chunk.number + 1, rows: [], skipped: [], settled: []}
    }
  }
  if (chunk.rows.length || chunk.skipped.length || chunk.settled.length) yield chunk
}
