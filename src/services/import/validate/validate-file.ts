import {stat} from 'node:fs/promises'
import {interruptedError as interrupted} from '../../../shared/errors.js'
import {CurrencyTotals} from '../../../shared/money.js'
import {fileHasher} from '../plan/keys.js'
import {type CsvRecord, CsvSyntaxError, readRecords} from '../read/records.js'
import type {Delimiter} from '../read/sniff.js'
import {FingerprintList, fingerprint, RowSet} from './duplicates.js'
import {compileBodyChecks, type ParsedRow, type RowError, type RowSchema, type SchemaOptions} from './import-schema.js'
import {RowInspector} from './row-inspector.js'
import {RowStore, type StoredRow} from './row-store.js'

/**
 * Validation of the whole file before anything is sent, streamed (memory flat in file size): every row
 * checked against the schema, amounts totalled per currency (decimal arithmetic), duplicate customIds
 * found, and the invalid rows remembered (1 bit a row) so that `--skip-invalid` can leave them out. With
 * `keepRows`, each row's request body (or its errors) is kept (row-store.ts): the later stages read those and
 * the file is read once.
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
  /** Every row's body or errors, in file order (`keepRows`): what the stages after validation read. */
  kept?: RowStore
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
   * Keep every row's body (`ValidationResult.kept`) for the stages after validation. Without it (a dry run that
   * has nothing to compare or check) nothing is kept, and repeated customIds are confirmed by reading the file again.
   */
  keepRows?: boolean | ((hasColumn: (name: string) => boolean) => boolean)
  /** Sees the accepted rows as the file is read (the dry run's online checks), once: the file is read once. */
  observe?: RowObserver
  /** Kept rows held in memory before they go to a temporary file (row-store.ts). */
  memoryRows?: number
  /** The file size from which the rows' bodies are checked by validators compiled for them (`COMPILE_FROM_BYTES`). */
  compileFrom?: number
}

/**
 * From this size (about 10,000 rows) a file's bodies are checked by validators compiled from the contract's JSON
 * Schema (`compileBodyChecks`): compiling costs about as much as zod checking that many rows.
 */
export const COMPILE_FROM_BYTES = 1024 * 1024

export const interruptedError = () => interrupted('interrupted: nothing was sent')

export const formatValidationError = (error: ValidationError) =>
  `line ${error.line}${error.column ? `, column ${error.column}` : ''}: ${error.message}`

/**
 * Sees every row the schema accepted in the first pass, in file order, with its ordinal among the file's rows. A
 * row whose customId the file repeats is seen too: it is found invalid only once every row has been seen, and a
 * file with invalid rows is judged on those (the dry run then checks nothing online).
 */
export interface RowObserver {
  accepted(ordinal: number, line: number, row: ParsedRow<unknown>): void
  /** Between batches of rows: it may make the pass wait (for what it needs to hold fewer rows). */
  settle(): Promise<void>
}

interface ScanResult {
  result: Omit<ValidationResult, 'fileHash' | 'kept'>
  /** Fingerprints of customIds seen more than once (to confirm with a second scan). */
  suspects: Set<number>
  /** The customId column as the file names it. */
  customIdLabel?: string
}

/** A suspect row of the second scan, held until every row has been seen. */
interface HeldRow {
  row: number
  line: number
  valid: boolean
  currency?: string
  amount?: string
  movesMoney?: boolean
}

/** One streamed pass over the file: every row checked and tallied (the first pass, or the suspects' second). */
class FilePass<Item> {
  readonly errors: ValidationError[] = []
  errorCount = 0
  readonly invalidRows = new RowSet()
  readonly totals = new CurrencyTotals()
  readonly moneyTotals = new CurrencyTotals()
  moneyCount = 0
  /** First scan: every customId's fingerprint (spilled to a temporary file beyond 65,536 rows). */
  readonly fingerprints?: FingerprintList
  /** Second scan: the suspect rows, by customId. */
  readonly held = new Map<string, HeldRow[]>()
  inspector?: RowInspector<Item>
  /** The customId column's label in the file (the suspects' scan of the store has no header to read it from). */
  customIdLabel?: string
  fatal = false
  rows = 0
  valid = 0
  withoutCustomId = 0

  constructor(
    private readonly options: ValidateOptions<Item>,
    private readonly suspects: Set<number> | undefined,
    private readonly checkUtf8: () => boolean,
    /** First scan with `keepRows`: every row's body or errors go here (none when the header says so). */
    public store?: RowStore,
    private readonly observer?: RowObserver,
  ) {
    if (!suspects) this.fingerprints = new FingerprintList()
  }

  addError(error: ValidationError): void {
    this.errorCount++
    if (this.errors.length < (this.options.maxErrors ?? 100)) this.errors.push(error)
  }

  record(record: CsvRecord): void {
    if (!this.inspector) {
      this.header(record)
      return
    }
    if (this.fatal) {
      this.invalidRows.add(this.rows++)
      return
    }
    const parsed = this.inspector.inspect(record.cells, Boolean(this.store))
    const customId = this.inspector.cells.get('customId')
    this.store?.add({line: record.line, customId, row: parsed.row, errors: parsed.errors})
    this.take(record.line, customId, parsed.row, parsed.errors)
  }

  /** A row of the store (the suspects' second scan): its result as the first scan found it. */
  stored(entry: StoredRow): void {
    this.take(entry.line, entry.customId, entry.row as ParsedRow<Item> | undefined, entry.errors)
  }

  private take(line: number, customIdCell: string | undefined, row?: ParsedRow<Item>, errors?: RowError[]): void {
    const ordinal = this.rows++
    if (errors) {
      for (const error of errors) this.addError({line, ...error})
      this.invalidRows.add(ordinal)
    } else if (row) this.observer?.accepted(ordinal, line, row)
    // A row's key: its customId, else the payout its id names (two rows for one payout are duplicates too).
    const customId = customIdCell ?? row?.payoutId
    if (customId && this.hold(customId, ordinal, line, row)) {
      if (row) this.valid++
      return
    }
    if (!row) return
    this.valid++
    if (!customId) this.withoutCustomId++
    this.tally(row)
  }

  private header(record: CsvRecord): void {
    this.inspector = new RowInspector(record.cells, this.options.schema, this.options.schemaOptions, this.checkUtf8)
    const {mapping} = this.inspector
    const keep = this.options.keepRows
    if (typeof keep === 'function' && !keep(name => mapping.index.has(name))) this.store = undefined
    for (const problem of mapping.problems) this.addError({line: record.line, ...problem})
    if (!mapping.problems.length) return
    this.fatal = true
    if (mapping.width === 1)
      this.addError({
        line: record.line,
        column: '',
        message: `the header has a single column: is the delimiter right? pass --delimiter ("," ";" or tab)`,
      })
  }

  /** First scan: remember the fingerprint. Second scan: hold a suspect row (true) until all rows are seen. */
  private hold(customId: string, row: number, line: number, parsed: ParsedRow<Item> | undefined): boolean {
    if (this.fingerprints) {
      this.fingerprints.add(customId)
      return false
    }
    if (!this.suspects?.has(fingerprint(customId))) return false
    const entry = {
      row,
      line,
      valid: Boolean(parsed),
      currency: parsed?.currency,
      amount: parsed?.amount,
      movesMoney: parsed?.movesMoney,
    }
    const list = this.held.get(customId)
    if (list) list.push(entry)
    else this.held.set(customId, [entry])
    return true
  }

  tally(row: {currency?: string; amount?: string; movesMoney?: boolean}): void {
    // A row naming its payout by id may leave the amount out, and a counterparty has none: nothing to total.
    if (row.amount && row.currency !== undefined) this.totals.add(row.currency, row.amount)
    if (!row.movesMoney) return
    this.moneyCount++
    if (row.amount && row.currency !== undefined) this.moneyTotals.add(row.currency, row.amount)
  }

  /**
   * Second scan only: equal customIds are duplicates (every occurrence is invalid: the file does not say which
   * one is meant); the others were fingerprint collisions and count as usual.
   */
  settleSuspects(): {duplicateOf: Map<number, string>; errors: ValidationError[]} {
    const duplicateOf = new Map<number, string>()
    const errors: ValidationError[] = []
    const column = this.customIdLabel ?? this.inspector?.cells.label('customId') ?? 'customId'
    for (const [customId, entries] of this.held) {
      if (entries.length === 1) {
        const [entry] = entries
        if (entry.valid) this.tally(entry)
        continue
      }
      for (const entry of entries) {
        const others = entries.filter(other => other !== entry).map(other => other.line)
        const shown = others.slice(0, 3).join(', ') + (others.length > 3 ? ` and ${others.length - 3} more` : '')
        const message = `customId "${customId}" is also used on line${others.length === 1 ? '' : 's'} ${shown}`
        errors.push({line: entry.line, column, message})
        duplicateOf.set(entry.row, message)
        this.invalidRows.add(entry.row)
        if (entry.valid) this.valid--
      }
    }
    return {duplicateOf, errors}
  }
}

async function scan<Item>(
  options: ValidateOptions<Item>,
  onBytes: ((chunk: Buffer) => void) | undefined,
  suspects: Set<number> | undefined,
  store?: RowStore,
  observer?: RowObserver,
): Promise<ScanResult & {kept?: RowStore}> {
  const reader = await readRecords({
    path: options.path,
    encoding: options.encoding,
    delimiter: options.delimiter,
    onBytes,
  })
  const pass = new FilePass(options, suspects, () => reader.invalidUtf8, store, observer)
  try {
    for await (const batch of reader.batches) {
      if (options.signal?.aborted) throw interruptedError()
      for (const record of batch) pass.record(record)
      await pass.store?.settle()
      await observer?.settle()
    }
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) {
      pass.fingerprints?.close()
      throw error
    }
    pass.fatal = true
    pass.addError({line: error.line, column: '', message: `CSV syntax: ${error.message}`})
  }
  await pass.store?.finish()
  if (!pass.inspector && !pass.fatal) {
    pass.fatal = true
    pass.addError({line: 1, column: '', message: 'the file is empty: it needs a header row and one row per payout'})
  }
  return {...resultOf(options, pass, reader), kept: pass.store}
}

/** The suspects' second scan over the rows the first one kept: the file is not read again. */
async function scanStored<Item>(
  options: ValidateOptions<Item>,
  suspects: Set<number>,
  store: RowStore,
  first: ScanResult['result'],
  customIdLabel: string | undefined,
): Promise<ScanResult> {
  const pass = new FilePass(options, suspects, () => false)
  pass.customIdLabel = customIdLabel
  for await (const entry of store.rows()) {
    if (options.signal?.aborted) throw interruptedError()
    pass.stored(entry)
  }
  const {delimiter, encoding, invalidUtf8} = first
  return resultOf(options, pass, {delimiter, encoding, invalidUtf8}, first.ignoredColumns)
}

function resultOf<Item>(
  options: ValidateOptions<Item>,
  pass: FilePass<Item>,
  reader: {delimiter: Delimiter; encoding: string; invalidUtf8: boolean},
  ignoredColumns = pass.inspector?.mapping.ignored ?? [],
): ScanResult {
  const {duplicateOf, errors: duplicates} = pass.settleSuspects()
  const maxErrors = options.maxErrors ?? 100
  const errors = duplicates.length
    ? [...pass.errors, ...duplicates].sort((a, b) => a.line - b.line).slice(0, maxErrors)
    : pass.errors
  const fatal = pass.fatal
  const repeated = pass.fingerprints?.repeated() ?? new Set<number>()
  pass.fingerprints?.close()
  return {
    suspects: repeated,
    customIdLabel: pass.customIdLabel ?? pass.inspector?.cells.label('customId'),
    result: {
      rows: pass.rows,
      valid: fatal ? 0 : pass.valid,
      invalid: fatal ? pass.rows : pass.rows - pass.valid,
      totals: fatal ? {} : pass.totals.toObject(),
      errors,
      errorsOmitted: pass.errorCount + duplicates.length - errors.length,
      fatal,
      invalidRows: pass.invalidRows,
      duplicateOf,
      delimiter: reader.delimiter,
      encoding: reader.encoding,
      ignoredColumns,
      withoutCustomId: pass.withoutCustomId,
      invalidUtf8: reader.invalidUtf8,
      moneyMoving: {count: pass.moneyCount, totals: pass.moneyTotals.toObject()},
    },
  }
}

/**
 * Validates the file in one streamed pass (two when customIds repeat: the second confirms the duplicates
 * with the real strings). Nothing is sent here.
 */
export async function validateFile<Item>(options: ValidateOptions<Item>): Promise<ValidationResult> {
  const {bodies} = options.schema
  if (bodies && (await stat(options.path)).size >= (options.compileFrom ?? COMPILE_FROM_BYTES))
    await compileBodyChecks(bodies)
  const hasher = fileHasher()
  const store = options.keepRows ? new RowStore(options.memoryRows) : undefined
  try {
    const first = await scan(options, chunk => hasher.update(chunk), undefined, store, options.observe)
    const fileHash = hasher.digest()
    const kept = first.result.fatal ? undefined : first.kept
    if (!kept) await store?.close()
    if (first.suspects.size === 0 || first.result.fatal) return {...first.result, fileHash, kept}
    const second = kept
      ? await scanStored(options, first.suspects, kept, first.result, first.customIdLabel)
      : await scan(options, undefined, first.suspects)
    return {...second.result, fileHash, kept}
  } catch (error) {
    await store?.close()
    throw error
  }
}
