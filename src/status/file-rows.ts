import {readChunks} from '../import/chunks.js'
import {Journal, type JournalHeader, journalPath} from '../import/journal.js'
import {targetKey} from '../import/keys.js'
import type {RowSchema, SchemaOptions} from '../import/schema.js'
import type {Delimiter} from '../import/sniff.js'
import {type ValidationResult, validateFile} from '../import/validate.js'

/**
 * A CSV file's rows as `payouts import` identifies them, 100 at a time, streamed (memory flat in file size).
 * This is the one place that knows how the import turns a row into a payout identity: it reuses the import's
 * own validation and chunking (src/import), and the options the import ran with (its journal).
 */

export interface FileRow {
  line: number
  /** The row's customId, or the one the import derived for it. */
  customId: string
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
  api: 'v1' | 'v2'
  encoding: string
  delimiter?: Delimiter
  decimalComma: boolean
  dataDir: string
  profile: {name: string; origin: string}
  signal?: AbortSignal
}

export interface FileRows {
  validation: ValidationResult
  /** The import's journal header for this file and profile, if it was imported. */
  journal?: JournalHeader
  journalPath: string
  /** The options the rows were read with (the import's, when its journal says so). */
  api: 'v1' | 'v2'
  andThen?: string
  chunks(): AsyncGenerator<{rows: FileRow[]; skipped: SkippedFileRow[]}>
}

async function schemaFor(api: 'v1' | 'v2'): Promise<RowSchema<unknown>> {
  if (api === 'v1') return (await import('../import/schema-v1.js')).v1Schema as RowSchema<unknown>
  return (await import('../import/schema-v2.js')).v2Schema as RowSchema<unknown>
}

/** Validates the file, finds its journal, and reads it again with the import's options if those differ. */
export async function openFileRows(options: FileRowsOptions): Promise<FileRows> {
  const read = async (api: 'v1' | 'v2', encoding: string, delimiter: Delimiter | undefined, decimalComma: boolean) => {
    const schema = await schemaFor(api)
    const schemaOptions: SchemaOptions = {decimalComma}
    const validation = await validateFile({
      path: options.path,
      schema,
      schemaOptions,
      encoding,
      delimiter,
      signal: options.signal,
    })
    return {schema, schemaOptions, validation}
  }
  let used = await read(options.api, options.encoding, options.delimiter, options.decimalComma)
  const target = targetKey(options.profile.name, options.profile.origin)
  const path = journalPath(options.dataDir, used.validation.fileHash, target)
  const journal = (await Journal.load(path)).header
  let api = options.api
  if (journal) {
    const o = journal.options
    const differs =
      o.api !== options.api ||
      o.encoding !== used.validation.encoding ||
      o.delimiter !== used.validation.delimiter ||
      o.decimalComma !== options.decimalComma
    api = o.api
    if (differs) used = await read(o.api, o.encoding, o.delimiter as Delimiter, o.decimalComma)
  }
  const {schema, schemaOptions, validation} = used
  const batch = (journal?.options as {batch?: string} | undefined)?.batch
  return {
    validation,
    journal,
    journalPath: path,
    api,
    andThen: journal?.options.andThen,
    chunks: () =>
      readChunks({
        path: options.path,
        schema,
        schemaOptions,
        encoding: validation.encoding,
        delimiter: validation.delimiter,
        batch,
        invalidRows: validation.invalidRows,
        duplicateOf: validation.duplicateOf,
        invalidUtf8: validation.invalidUtf8,
      }) as AsyncGenerator<{rows: FileRow[]; skipped: SkippedFileRow[]}>,
  }
}
