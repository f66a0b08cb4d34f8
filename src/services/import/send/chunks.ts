import {type PayoutLike, RowIdentifier} from '../plan/identity.js'
import type {JournalRow} from '../plan/journal.js'
import {type CsvRecord, readRecords} from '../read/records.js'
import type {Delimiter} from '../read/sniff.js'
import type {RowSet} from '../validate/duplicates.js'
import type {RowSchema, SchemaOptions} from '../validate/import-schema.js'
import {RowInspector} from '../validate/row-inspector.js'
import type {ValidationResult} from '../validate/validate-file.js'

/**
 * The sending pass: the file is streamed again (only the chunks in flight are in memory) and its valid rows
 * are grouped into chunks of 100, numbered from 1. The grouping depends only on the file and the options,
 * so a re-run forms the same chunks, with the same idempotency keys.
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
  path: string
  schema: RowSchema<Item>
  schemaOptions: SchemaOptions
  encoding: string
  delimiter: Delimiter
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
  /** The records the validation pass kept (a small file): no second read. */
  records?: CsvRecord[][]
  /** What the validation pass found: rows of a UTF-8 file with bytes that are not UTF-8 need the U+FFFD check. */
  invalidUtf8?: boolean
  size?: number
}

/** The chunk options of a file its validation pass has read: every reader then sees the same rows, skips and ids. */
export function validatedChunkOptions<Item>(
  file: {path: string; schema: RowSchema<Item>; schemaOptions: SchemaOptions; batch?: string},
  validation: ValidationResult,
): ChunkOptions<Item> {
  return {
    ...file,
    encoding: validation.encoding,
    delimiter: validation.delimiter,
    invalidRows: validation.invalidRows,
    duplicateOf: validation.duplicateOf,
    records: validation.records,
    invalidUtf8: validation.invalidUtf8,
  }
}

type FileRow<Item> = {kind: 'invalid'; row: SkippedRow} | {kind: 'valid'; row: Omit<ChunkRow<Item>, 'action'>}

/** Every row of the file in order: the invalid ones with their error, the valid ones with their identity. */
export async function* fileRows<Item>(options: ChunkOptions<Item>): AsyncGenerator<FileRow<Item>> {
  const reader = options.records
    ? undefined
    : await readRecords({path: options.path, encoding: options.encoding, delimiter: options.delimiter})
  const batches = reader?.batches ?? options.records ?? []
  const checkUtf8 = () => reader?.invalidUtf8 ?? Boolean(options.invalidUtf8)
  let inspector: RowInspector<Item> | undefined
  const identifier = new RowIdentifier(options.batch)
  let ordinal = 0
  for await (const batch of batches) {
    for (const record of batch) {
      if (!inspector) {
        inspector = new RowInspector(record.cells, options.schema, options.schemaOptions, checkUtf8)
        continue
      }
      const row = ordinal++
      const invalid = options.invalidRows.has(row)
      const parsed = inspector.inspect(record.cells, !invalid)
      const customId = inspector.cells.get('customId')
      if (invalid) {
        const error =
          options.duplicateOf.get(row) ??
          parsed.errors?.map(e => (e.column ? `${e.column}: ${e.message}` : e.message)).join('; ') ??
          'invalid row'
        yield {kind: 'invalid', row: {line: record.line, customId, error}}
        continue
      }
      if (!parsed.row?.item) throw new Error(`line ${record.line} changed between the validation and the sending pass`)
      yield {kind: 'valid', row: validRow(options, identifier, record.line, parsed.row, customId)}
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
  return {line, ...identity, payoutId, item: body}
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
    chunk.rows.push({...entry.row, ...decision})
    if (chunk.rows.length === size) {
      yield chunk
      chunk = {number: chunk.number + 1, rows: [], skipped: [], settled: []}
    }
  }
  if (chunk.rows.length || chunk.skipped.length || chunk.settled.length) yield chunk
}
