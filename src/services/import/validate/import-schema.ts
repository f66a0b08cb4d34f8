import type * as z from 'zod/mini'
import {payoutIdProblem, payoutRefOf} from '../../../contract/ids.js'
import {lookAlikeOf} from '../../../contract/look-alike.js'
import {type ApiGeneration, compactPhone, isEmail, phoneProblem} from '../../../contract/primitives.js'
import {checkRequest} from '../../../contract/request-problems.js'
import {restoredCell} from '../../../shared/csv-formula.js'
import {canonicalAmount, currencyProblem} from '../../../shared/money.js'
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
    // An export's formula guard (a ' before =, +, -, @, tab or CR) is undone, so exports import back unchanged.
    const trimmed = trimCell(restoredCell(value))
    return trimmed ? trimmed : undefined
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

/** Collects a row's errors, each named by the file's own column label. */
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

  required(name: string, optional = false): string | undefined {
    const value = this.cells.get(name)
    if (value === undefined) return optional ? undefined : this.fail(name, `${name} is required`)
    return value
  }

  /** The payout the row's id column names (v2 form), or undefined. */
  payoutId(): string | undefined {
    const value = this.cells.get(ID_COLUMN.name)
    if (value === undefined) return undefined
    return payoutRefOf(value)?.v2 ?? this.fail(ID_COLUMN.name, payoutIdProblem(value)!)
  }

  currency(name: string, optional = false): string | undefined {
    const value = this.required(name, optional)?.toUpperCase()
    if (value === undefined) return undefined
    const problem = currencyProblem(value)
    return problem ? this.fail(name, problem) : value
  }

  /** Amount and currency: both required, or for a row naming its payout by id both or neither (kept). */
  money(amountName: string, currencyName: string, decimalComma: boolean, byId: boolean) {
    const currency = this.currency(currencyName, byId && this.cells.get(amountName) === undefined)
    const amount = this.amount(amountName, currency, decimalComma, byId && currency === undefined)
    return {amount, currency}
  }

  amount(name: string, currency: string | undefined, decimalComma: boolean, optional = false): string | undefined {
    const text = this.required(name, optional)
    if (text === undefined) return undefined
    const result = readAmount(text, currency, decimalComma)
    if (result.problem !== undefined) return this.fail(name, result.problem)
    return currency === undefined ? result.amount : canonicalAmount(result.amount, currency)
  }

  email(name: string, value = this.cells.get(name)): string | undefined {
    if (value === undefined) return undefined
    // Sent in lower case: "Ann@Example.com" and "ann@example.com" are one recipient and one payout.
    if (!isEmail(value)) return this.fail(name, `"${value}" is not an e-mail address`)
    return this.lookAlike(name, value) ? undefined : value.toLowerCase()
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

  phone(name: string, value = this.cells.get(name)): string | undefined {
    if (value === undefined) return undefined
    const problem = phoneProblem(value)
    return problem ? this.fail(name, problem) : compactPhone(value)
  }

  oneOf<T extends string>(name: string, allowed: readonly T[]): T | undefined {
    const value = this.cells.get(name)
    if (value === undefined) return undefined
    const match = allowed.find(option => option === value.toLowerCase())
    return match ?? this.fail(name, `"${value}" must be one of ${allowed.join(', ')}`)
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

/**
 * A new payout's body against the contract's request schema, as the service will check it, each problem named by
 * the column it comes from (`columnOf` a problem's path, undefined: not the row's to answer for): the dry run
 * refuses what the contract refuses.
 */
export function contractCheck(
  schema: z.ZodMiniType,
  item: unknown,
  check: RowCheck,
  columnOf: (path: string) => string | undefined = path => path.split('.')[0],
): void {
  const result = checkRequest(schema, item)
  if (result.ok) return
  for (const {path, message} of result.details) {
    const column = columnOf(path)
    if (column) check.fail(column, `${column} ${message}`)
  }
}
