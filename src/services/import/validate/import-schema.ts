import type * as z from 'zod/mini'
import type {Accepts} from '../../../contract/compiled-check.js'
import {payoutIdProblem, payoutRefOf} from '../../../contract/ids.js'
import {lookAlikeOf, mayLookAlike, nameLookAlikeOf} from '../../../contract/look-alike.js'
import {
  type ApiGeneration,
  compactPhone,
  isEmail,
  recipientEmail,
  spreadsheetNumberProblem,
} from '../../../contract/primitives.js'
import {checkRequestWorded} from '../../../contract/request-problems.js'
import {restoredCell} from '../../../shared/csv-formula.js'
import {present} from '../../../shared/present.js'
import {readAmount} from './amount.js'
import type {ColumnSpec, ForeignColumns, HeaderMapping} from './headers.js'

/**
 * What the two row schemas (v2: import-schema-v2.ts, v1: import-schema-v1.ts) share: reading a cell by canonical column
 * name, and the field rules (amount, currency, e-mail, phone, tags, booleans).
 */

export interface RowError {
  /** The column as the file names it (or the canonical name when the column is absent). */
  column: string
  message: string
}

export interface SchemaOptions {
  decimalComma: boolean
  /** The person accepts look-alike recipient addresses (--allow-confusable); reads that send nothing pass true. */
  allowConfusable?: boolean
  andThen?: 'send-claim-link' | 'pay'
}

/** A valid row: the API body, and what validation tallies. */
export interface ParsedRow<Item> {
  /** The API body; only built when asked (the validation pass needs the facts below, not the body). */
  item?: Item
  /** The customId from the file, if any (rows without one get a derived id before sending). */
  customId?: string
  /**
   * The payout the row names by its `id` column (as payctl's exports write it), in the v2 form: the row is that
   * payout, compared with it and never created. Such a row may leave any value out (absent: kept as it is).
   */
  payoutId?: string
  /** The amount and its currency, totalled per currency (absent for records without one: counterparties). */
  amount?: string
  currency?: string
  /** Moves money on its own (v2 `--and-then pay`, a v1 pre-approved row): counted for the confirmation. */
  movesMoney: boolean
}

export type RowResult<Item> = {row: ParsedRow<Item>; errors?: undefined} | {row?: undefined; errors: RowError[]}

export interface RowSchema<Item> {
  api: ApiGeneration
  columns: readonly ColumnSpec[]
  foreign: ForeignColumns
  /** The request schemas its rows' bodies are checked against (`contractCheck`), to compile for big files. */
  bodies?: readonly z.ZodMiniType[]
  parse(cells: Cells, options: SchemaOptions, build: boolean): RowResult<Item>
  /** The body with a customId set (rows without one get a derived id). */
  withCustomId(item: Item, customId: string): Item
  /** The digest of what a row says (identity.ts `contentOf` for payouts, which is the default). */
  content?(item: Item): string
}

/** The payout a row stands for, as payctl's exports name it (`payouts list`: id; import-status and --report: payout id). */
export const ID_COLUMN: ColumnSpec = {name: 'id', aliases: ['payoutId']}

/**
 * Columns payctl's CSV outputs write that the import does not read (the service sets them): `payouts list
 * --output csv`, `payouts import-status --output csv` and the import's `--report`. Skipped without a warning.
 */
export const EXPORT_ONLY: readonly ColumnSpec[] = [
  'status',
  'createdAt',
  'line',
  'failure',
  'failureReason',
  'approvedAt',
  'claimLinkSentAt',
  'requestedAt',
  'completedAt',
  'updatedAt',
  'error',
].map(name => ({name, exportOnly: true}))

/** The columns that an id row may leave out (the payout keeps its values). */
export const optionalWithId = (spec: ColumnSpec): ColumnSpec =>
  spec.required ? {...spec, optionalWith: ID_COLUMN.name} : spec

/** One record's cells, read by canonical column name: trimmed, and undefined when empty or absent. */
export class Cells {
  private values: readonly string[] = []
  /** Canonical name -> cell position, as a plain object (read millions of times). */
  private readonly positions: Record<string, number> = Object.create(null)

  constructor(private readonly mapping: HeaderMapping) {
    for (const [name, position] of mapping.index) this.positions[name] = position
  }

  /** Points the reader at the next record (the reader is reused for every row). */
  load(values: readonly string[]): this {
    this.values = values
    return this
  }

  /** Whether the file has the column at all (an empty cell of it says "none", an absent column says nothing). */
  has(name: string): boolean {
    return this.positions[name] !== undefined
  }

  get(name: string): string | undefined {
    const position = this.positions[name]
    if (position === undefined) return undefined
    const value = this.values[position]
    if (!value) return undefined
    // An export's formula guard (a ' before =, +, -, @, tab or CR, spaces allowed before them) is undone, and the
    // value it guarded is kept exactly, spaces included, so exports import back unchanged.
    const restored = restoredCell(value)
    const cell = restored === value ? trimCell(value) : restored
    return cell ? cell : undefined
  }

  label(name: string): string {
    return this.mapping.label.get(name) ?? name
  }
}

/**
 * A cell without the spaces around it, but a leading tab is kept: text that begins with one (`"\t=1+1"`, as a
 * spreadsheet guards a formula) is imported as written. Only free-text columns can hold a tab at all.
 */
function trimCell(value: string): string {
  const end = value.trimEnd()
  return end.charCodeAt(0) === 9 ? end : end.trimStart()
}

/**
 * Maps a row's cells to the values of its request body (trimmed, an e-mail in lower case, a phone without its
 * layout, a currency in capitals, a decimal-comma amount read), and collects the row's errors, each named by the
 * file's own column label. The body's rules are the contract's (`contractCheck`); what fails here is a cell that
 * cannot be mapped (two recipients, a boolean that is neither, an id that is no payout id) or a rule of the import
 * itself (look-alike addresses).
 */
export class RowCheck {
  /** Allocated on the first error only (most rows have none). */
  errors?: RowError[]

  constructor(
    private readonly cells: Cells,
    private readonly options: {allowConfusable?: boolean} = {},
  ) {}

  fail(name: string, message: string): undefined {
    this.errors ??= []
    this.errors.push({column: this.cells.label(name), message})
    return undefined
  }

  /** The payout the row's id column names (v2 form), or undefined. */
  payoutId(): string | undefined {
    const value = this.cells.get(ID_COLUMN.name)
    if (value === undefined) return undefined
    return payoutRefOf(value)?.v2 ?? this.fail(ID_COLUMN.name, present(payoutIdProblem(value)))
  }

  /**
   * Amount and currency as the body takes them (the amount as written; `decimalComma` reads "1.234,56"). A row
   * naming its payout by id may leave both out (the payout keeps them), but not one of them.
   */
  money(amountName: string, currencyName: string, decimalComma: boolean, byId: boolean) {
    const currency = this.cells.get(currencyName)?.toUpperCase()
    const text = this.cells.get(amountName)
    if (byId && (text === undefined) !== (currency === undefined))
      this.fail(
        text === undefined ? amountName : currencyName,
        `${text === undefined ? amountName : currencyName} is required`,
      )
    if (text === undefined) return {amount: undefined, currency}
    const read = readAmount(text, decimalComma)
    if (read.problem !== undefined) this.fail(amountName, read.problem)
    return {amount: read.amount, currency}
  }

  /**
   * An e-mail address in lower case ("Ann@Example.com" and "ann@example.com" are one recipient and one payout); one
   * that could pass for another fails. A plain ASCII address skips both tests (most rows have one).
   */
  email(name: string, value = this.cells.get(name)): string | undefined {
    if (value === undefined) return undefined
    if (mayLookAlike(value) && isEmail(value)) this.lookAlike(name, value)
    return recipientEmail(value)
  }

  /** Fails an address that could pass for another (src/contract/look-alike.ts), unless the person allowed it. */
  lookAlike(name: string, value: string): boolean {
    const found = this.options.allowConfusable ? undefined : lookAlikeOf(value)
    if (found)
      this.fail(
        name,
        `"${value}" could pass for another address: ${found.reason} (domain ${found.punycode}); check it, or pass --allow-confusable`,
      )
    return found !== undefined
  }

  /** Fails a name that could pass for another (`Аda` with a Cyrillic А), unless the person allowed it. */
  lookAlikeName(name: string, value: string): void {
    const reason = this.options.allowConfusable ? undefined : nameLookAlikeOf(value)
    if (reason)
      this.fail(name, `"${value}" could pass for another name: ${reason}; check it, or pass --allow-confusable`)
  }

  /**
   * A phone number without its layout (spaces, dashes, dots, brackets); a number a spreadsheet wrote in scientific
   * notation cannot be mapped back to its digits.
   */
  phone(name: string, value = this.cells.get(name)): string | undefined {
    if (value === undefined) return undefined
    const spreadsheet = spreadsheetNumberProblem(value)
    return spreadsheet ? this.fail(name, spreadsheet) : compactPhone(value)
  }

  /** An open enumeration (spec 9): a known value in its own spelling, any other as written (the service decides). */
  openEnum(name: string, known: readonly string[]): string | undefined {
    const value = this.cells.get(name)
    if (value === undefined) return undefined
    return known.find(option => option === value.toLowerCase()) ?? value
  }

  boolean(name: string): boolean | undefined {
    const value = this.cells.get(name)
    if (value === undefined) return undefined
    const lower = value.toLowerCase()
    if (TRUE.has(lower)) return true
    if (FALSE.has(lower)) return false
    return this.fail(name, `"${value}" must be true or false`)
  }

  /** Tags separated by ";" (empty ones dropped), sorted: a set of labels, so another order is the same payout. */
  tags(name: string): string[] | undefined {
    const value = this.cells.get(name)
    if (value === undefined) return undefined
    if (!value.includes(';')) {
      // One tag, the usual cell: nothing to split or sort.
      const tag = value.trim()
      return tag ? [tag] : undefined
    }
    const tags: string[] = []
    for (const part of value.split(';')) {
      const tag = part.trim()
      if (tag) tags.push(tag)
    }
    return tags.length ? tags.sort() : undefined
  }
}

const TRUE = new Set(['true', 'yes', 'y', '1'])
const FALSE = new Set(['false', 'no', 'n', '0'])

/** The request schemas checked by validators compiled from their JSON Schema (`compileBodyChecks`), and those built. */
const compilable = new WeakSet<z.ZodMiniType>()
const compiled = new WeakMap<z.ZodMiniType, Accepts>()
let compile: ((schema: z.ZodMiniType) => Accepts) | undefined

/**
 * From now on, a body of one of `schemas` is checked by a validator of its JSON Schema and not by zod again, when
 * it accepts the body: the one the build generated (generated-check.ts), or else one compiled with Ajv at the
 * schema's first row (compiled-check.ts), so a file without id rows never compiles the update schema. Worth it for
 * a file of many rows.
 */
export async function compileBodyChecks(schemas: readonly z.ZodMiniType[]): Promise<void> {
  const {generatedCheck} = await import('../../../contract/generated-check.js')
  for (const schema of schemas) {
    const accepts = compiled.get(schema) ?? generatedCheck(schema)
    if (accepts) compiled.set(schema, accepts)
    else compilable.add(schema)
  }
  if (schemas.some(schema => compilable.has(schema)))
    compile ??= await (await import('../../../contract/compiled-check.js')).requestCheckCompiler()
}

function compiledAccepts(schema: z.ZodMiniType): Accepts | undefined {
  let accepts = compiled.get(schema)
  if (!accepts && compile && compilable.has(schema)) {
    accepts = compile(schema)
    compiled.set(schema, accepts)
  }
  return accepts
}

/**
 * A row's body against the contract's request schema, as the service will check it, each problem named by the
 * column it comes from (`columnOf` a problem's path, undefined: not the row's to answer for), which is the subject
 * of a problem worded as a predicate ("recipientEmail must be an e-mail address"): the dry run refuses what the
 * contract refuses. A body the compiled validator accepts is done; zod finds the problems of the others.
 */
export function contractCheck(
  schema: z.ZodMiniType,
  item: unknown,
  check: RowCheck,
  columnOf: (path: string) => string | undefined = path => path.split('.')[0],
): void {
  if (compiledAccepts(schema)?.(item)) return
  const result = checkRequestWorded(schema, item)
  if (result.ok) return
  for (const {path, message, predicate} of result.details) {
    const column = columnOf(path)
    if (column) check.fail(column, predicate ? `${column} ${message}` : message)
  }
}
