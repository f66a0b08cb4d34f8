import {stat} from 'node:fs/promises'
import {interruptedError as interrupted} from '../interrupt.js'
import {CurrencyTotals} from '../money.js'
import {FingerprintList, fingerprint, RowSet} from './duplicates.js'
import {fileHasher} from './keys.js'
import {type CsvRecord, CsvSyntaxError, readRecords} from './records.js'
import {RowInspector} from './rows.js'
import type {RowSchema, SchemaOptions} from './schema.js'
import type {Delimiter} from './sniff.js'

/**
 * Validation of the whole file before anything is sent, streamed (memory flat in file size): every row
 * checked against the schema, amounts totalled per currency (decimal arithmetic), duplicate customIds
 * found, and the invalid rows remembered (1 bit a row) so that `--skip-invalid` can leave them out.
 */

export interface ValidationError {
  line: number
  /** The column as the file names it; empty for a problem of the whole row or file. */
  column: string
  message: string
}

export interface ValidationResult {
  rows: number
  valid: number
  invalid: number
  totals: Record<string, string>
  /** The first `maxErrors` errors, by line. */
  errors: ValidationError[]
  /** Errors beyond `maxErrors`, counted but not listed. */
  errorsOmitted: number
  /** The file cannot be read as a whole (bad header, CSV syntax error): never sendable, even with --skip-invalid. */
  fatal: boolean
  invalidRows: RowSet
  /** Why a row that parses is still invalid (its customId is duplicated), by row ordinal. */
  duplicateOf: Map<number, string>
  fileHash: string
  delimiter: Delimiter
  encoding: string
  /** Header cells that matched no column (ignored). */
  ignoredColumns: string[]
  /** Valid rows without a customId (they get one derived from the file's hash and their line). */
  withoutCustomId: number
  /** Valid rows that move money on their own (v2 --and-then pay, v1 preApproved), for the confirmation. */
  moneyMoving: {count: number; totals: Record<string, string>}
  /** The parsed records, header first, when the file is small enough to keep (`keepRecordsUpTo`). */
  records?: CsvRecord[][]
  /** A UTF-8 file had bytes that are not UTF-8 (rows were then checked for U+FFFD). */
  invalidUtf8: boolean
}

export interface ValidateOptions<Item> {
  path: string
  schema: RowSchema<Item>
  schemaOptions: SchemaOptions
  encoding: string
  delimiter?: Delimiter
  maxErrors?: number
  /** Aborted on Ctrl-C: validation stops, nothing is sent. */
  signal?: AbortSignal
  /**
   * Keep the parsed records of a file up to this size (bytes), so that the sending pass need not read and
   * parse it again; bigger files are streamed twice (memory flat in file size).
   */
  keepRecordsUpTo?: number
}

export const interruptedError = () => interrupted('interrupted: nothing was sent')

export const formatValidationError = (error: ValidationError) =>
  `line ${error.line}${error.column ? `, column ${error.column}` : ''}: ${error.message}`

interface ScanResult {
  result: Omit<ValidationResult, 'fileHash' | 'records'>
  /** Fingerprints of customIds seen more than once (to confirm with a second scan). */
  suspects: Set<number>
}

async function scan<Item>(
  options: ValidateOptions<Item>,
  onBytes: ((chunk: Buffer) => void) | undefined,
  suspects: Set<number> | undefined,
  keep?: CsvRecord[][],
): Promise<ScanResult> {
  const maxErrors = options.maxErrors ?? 100
  const reader = await readRecords({
    path: options.path,
    encoding: options.encoding,
    delimiter: options.delimiter,
    onBytes,
  })
  const checkUtf8 = () => reader.invalidUtf8
  const errors: ValidationError[] = []
  let errorCount = 0
  const addError = (error: ValidationError) => {
    errorCount++
    if (errors.length < maxErrors) errors.push(error)
  }
  const invalidRows = new RowSet()
  const failRow = (row: number, line: number, column: string, message: string) => {
    addError({line, column, message})
    invalidRows.add(row)
  }
  const totals = new CurrencyTotals()
  const moneyTotals = new CurrencyTotals()
  let moneyCount = 0
  const fingerprints = suspects ? undefined : new FingerprintList()
  /** Second scan: the suspect rows' customIds, lines and amounts, settled once every row has been seen. */
  const held = new Map<
    string,
    Array<{row: number; line: number; valid: boolean; currency?: string; amount?: string; movesMoney?: boolean}>
  >()
  let inspector: RowInspector<Item> | undefined
  let fatal = false
  let rows = 0
  let valid = 0
  let withoutCustomId = 0

  try {
    for await (const batch of reader.batches) {
      if (options.signal?.aborted) throw interruptedError()
      keep?.push(batch)
      for (const record of batch) {
        if (!inspector) {
          inspector = new RowInspector(record.cells, options.schema, options.schemaOptions, checkUtf8)
          const {mapping} = inspector
          for (const problem of mapping.problems)
            addError({line: record.line, column: problem.column, message: problem.message})
          if (mapping.problems.length) {
            fatal = true
            if (mapping.width === 1)
              addError({
                line: record.line,
                column: '',
                message: `the header has a single column: is the delimiter right? pass --delimiter ("," ";" or tab)`,
              })
          }
          continue
        }
        const row = rows++
        if (fatal) {
          invalidRows.add(row)
          continue
        }
        const parsed = inspector.inspect(record.cells, false)
        if (parsed.errors) for (const error of parsed.errors) failRow(row, record.line, error.column, error.message)
        const customId = inspector.cells.get('customId')
        if (customId) {
          if (fingerprints) {
            fingerprints.add(customId)
          } else if (suspects?.has(fingerprint(customId))) {
            const entry = {
              row,
              line: record.line,
              valid: Boolean(parsed.row),
              currency: parsed.row?.currency,
              amount: parsed.row?.amount,
              movesMoney: parsed.row?.movesMoney,
            }
            const list = held.get(customId)
            if (list) list.push(entry)
            else held.set(customId, [entry])
            if (parsed.row) {
              valid++
              continue
            }
          }
        }
        if (!parsed.row) continue
        valid++
        if (!customId) withoutCustomId++
        totals.add(parsed.row.currency, parsed.row.amount)
        if (parsed.row.movesMoney) {
          moneyCount++
          moneyTotals.add(parsed.row.currency, parsed.row.amount)
        }
      }
    }
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error
    fatal = true
    addError({line: error.line, column: '', message: `CSV syntax: ${error.message}`})
  }

  if (!inspector && !fatal) {
    fatal = true
    addError({line: 1, column: '', message: 'the file is empty: it needs a header row and one row per payout'})
  }

  // Second scan only: settle the suspects. Equal customIds are duplicates (every occurrence is invalid: the
  // file does not say which one is meant); the others were fingerprint collisions and count as usual.
  const duplicateOf = new Map<number, string>()
  const duplicateErrors: ValidationError[] = []
  for (const [customId, entries] of held) {
    if (entries.length > 1) {
      for (const entry of entries) {
        const others = entries.filter(other => other !== entry).map(other => other.line)
        const shown = others.slice(0, 3).join(', ') + (others.length > 3 ? ` and ${others.length - 3} more` : '')
        const message = `customId "${customId}" is also used on line${others.length === 1 ? '' : 's'} ${shown}`
        duplicateErrors.push({line: entry.line, column: inspector?.cells.label('customId') ?? 'customId', message})
        duplicateOf.set(entry.row, message)
        invalidRows.add(entry.row)
        if (entry.valid) valid--
      }
    } else {
      const entry = entries[0]
      if (!entry.valid) continue
      totals.add(entry.currency!, entry.amount!)
      if (entry.movesMoney) {
        moneyCount++
        moneyTotals.add(entry.currency!, entry.amount!)
      }
    }
  }
  let allErrors = errors
  if (duplicateErrors.length) {
    errorCount += duplicateErrors.length
    allErrors = [...errors, ...duplicateErrors].sort((a, b) => a.line - b.line).slice(0, maxErrors)
  }

  return {
    suspects: fingerprints?.repeated() ?? new Set(),
    result: {
      rows,
      valid: fatal ? 0 : valid,
      invalid: fatal ? rows : rows - valid,
      totals: fatal ? {} : totals.toObject(),
      errors: allErrors,
      errorsOmitted: errorCount - allErrors.length,
      fatal,
      invalidRows,
      duplicateOf,
      delimiter: reader.delimiter,
      encoding: reader.encoding,
      ignoredColumns: inspector?.mapping.ignored ?? [],
      withoutCustomId,
      invalidUtf8: reader.invalidUtf8,
      moneyMoving: {count: moneyCount, totals: moneyTotals.toObject()},
    },
  }
}

/**
 * Validates the file in one streamed pass (two when customIds repeat: the second confirms the duplicates
 * with the real strings). Nothing is sent here.
 */
export async function validateFile<Item>(options: ValidateOptions<Item>): Promise<ValidationResult> {
  const hasher = fileHasher()
  const size = (await stat(options.path)).size
  const records = options.keepRecordsUpTo !== undefined && size <= options.keepRecordsUpTo ? [] : undefined
  const first = await scan(options, chunk => hasher.update(chunk), undefined, records)
  const fileHash = hasher.digest()
  const keep = first.result.fatal ? {} : {records}
  if (first.suspects.size === 0 || first.result.fatal) return {...first.result, fileHash, ...keep}
  const second = await scan(options, undefined, first.suspects)
  return {...second.result, fileHash, ...keep}
}
