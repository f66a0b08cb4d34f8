import {once} from 'node:events'
import {createReadStream} from 'node:fs'
import {createInterface} from 'node:readline'
import type {ApiGeneration} from '../../contract/primitives.js'
import {type JournalHeader, profileJournalPath} from '../import/plan/journal.js'
import type {Delimiter} from '../import/read/sniff.js'
import {type ChunkOptions, fileRows, validatedChunkOptions} from '../import/send/chunks.js'
import type {RowSchema, SchemaOptions} from '../import/validate/import-schema.js'
import {type ValidationResult, validateFile} from '../import/validate/validate-file.js'

/**
 * A CSV file's rows as `payouts import` identifies them, 100 at a time, streamed (memory flat in file size).
 * This is the one place that knows how the import turns a row into a payout identity: it reuses the import's
 * own validation, which keeps every row's body (src/services/import: validate-file.ts, row-store.ts, chunks.ts
 * `fileRows`, identity.ts): the file is read once however often the rows are, and finds the import's journal for
 * the API generation and the follow-up step it ran with.
 */

export interface FileRow {
  line: number
  /** The row's customId, or the one the import derived for it (or its payout id, for a row naming one). */
  customId: string
  /** The payout the row's id column names (v2 form). */
  payoutId?: string
  /** The file gives the row no customId: `customId` is derived from its values. */
  derived?: boolean
  /** The request body the import sends for this row (v1 or v2 shape). */
  item: Record<string, unknown>
}

export interface SkippedFileRow {
  line: number
  customId?: string
  error: string
}

export interface FileRowsOptions {
  path: string
  /** The file's name as the import names it (its journal is keyed by it): "stdin" for `-`. */
  label: string
  api: ApiGeneration
  encoding: string
  delimiter?: Delimiter
  decimalComma: boolean
  /** `--batch` of the import: part of the derived customIds and of the journal's name. */
  batch?: string
  dataDir: string
  profile: {name: string; origin: string}
  signal?: AbortSignal
}

export interface FileRows {
  validation: ValidationResult
  /** The header of the import's journal for this file, profile and batch, if it was imported. */
  journal?: JournalHeader
  api: ApiGeneration
  /** The follow-up step (`--and-then`) the import ran with, as its journal records it. */
  andThen?: string
  chunks(): AsyncGenerator<{rows: FileRow[]; skipped: SkippedFileRow[]}>
  /** Removes the rows the validation kept (a big file's temporary file). */
  close(): Promise<void>
}

const CHUNK = 100

async function schemaFor(api: ApiGeneration): Promise<RowSchema<unknown>> {
  if (api === 'v1') return (await import('../import/validate/import-schema-v1.js')).v1Schema as RowSchema<unknown>
  return (await import('../import/validate/import-schema-v2.js')).v2Schema as RowSchema<unknown>
}

/**
 * The journal's latest header and the follow-up step of its first row, read line by line without keeping
 * its rows (a big import's journal lists every row).
 */
async function journalSummary(path: string): Promise<{header?: JournalHeader; andThen?: string}> {
  const input = createReadStream(path, {encoding: 'utf8'})
  try {
    await once(input, 'open')
  } catch {
    return {}
  }
  let header: JournalHeader | undefined
  let andThen: string | undefined
  for await (const line of createInterface({input, crlfDelay: Number.POSITIVE_INFINITY})) {
    if (line.startsWith('{"type":"import"')) header = JSON.parse(line)
    else if (andThen === undefined && line.startsWith('{"type":"rows"')) andThen = JSON.parse(line).rows?.[0]?.[5] ?? ''
  }
  return {header, andThen: andThen || undefined}
}

export async function openFileRows(options: FileRowsOptions): Promise<FileRows> {
  const journal = await journalSummary(
    profileJournalPath(options.dataDir, options.profile, options.label, options.batch),
  )
  const api = journal.header?.api ?? options.api
  const schema = await schemaFor(api)
  // It reads what was imported: an address the person accepted then is no reason to stop here.
  const schemaOptions: SchemaOptions = {decimalComma: options.decimalComma, allowConfusable: true}
  const validation = await validateFile({
    path: options.path,
    schema,
    schemaOptions,
    encoding: options.encoding,
    delimiter: options.delimiter,
    signal: options.signal,
    keepRows: true,
  })
  const rows = validatedChunkOptions({schema, batch: options.batch}, validation)
  return fileRowsOf(rows, {validation, journal: journal.header, api, andThen: journal.andThen})
}

/**
 * The rows an import has just sent, as it read them (its kept rows: `payouts import --wait`): the file is not
 * read again. The follow-up step is this run's, else the one the journal recorded for the file.
 */
export async function importedRows(
  rows: ChunkOptions<unknown>,
  facts: {validation: ValidationResult; api: ApiGeneration; andThen?: string; journal: string},
): Promise<FileRows> {
  const journal = await journalSummary(facts.journal)
  return fileRowsOf(rows, {...facts, journal: journal.header, andThen: facts.andThen ?? journal.andThen})
}

function fileRowsOf(
  options: ChunkOptions<unknown>,
  facts: Pick<FileRows, 'validation' | 'journal' | 'api' | 'andThen'>,
): FileRows {
  return {
    ...facts,
    close: async () => options.kept?.close(),
    chunks: async function* () {
      let rows: FileRow[] = []
      let skipped: SkippedFileRow[] = []
      for await (const entry of fileRows(options)) {
        if (entry.kind === 'invalid') skipped.push(entry.row)
        else rows.push(entry.row as FileRow)
        if (rows.length + skipped.length === CHUNK) {
          yield {rows, skipped}
          rows = []
          skipped = []
        }
      }
      if (rows.length || skipped.length) yield {rows, skipped}
    },
  }
}
