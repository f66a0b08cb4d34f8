import type {ColumnSpec} from './headers.js'
import {
  type Cells,
  EXPORT_ONLY,
  ID_COLUMN,
  optionalWithId,
  type ParsedRow,
  RowCheck,
  type RowResult,
  type SchemaOptions,
} from './import-schema.js'

/**
 * What the v1 and v2 payout rows share (import-schema-v1.ts, import-schema-v2.ts): the key, description, amount
 * and currency columns, the payout an `id` column names, and what a valid row tallies.
 */

/**
 * A payout format's columns: the customId, description, amount (named as the format's body names it, the other
 * generation's name as an alias) and currency, then the format's own, the payout id and the export-only columns.
 */
export const payoutColumns = (amount: string, amountAlias: string, own: readonly ColumnSpec[]): ColumnSpec[] =>
  [
    {name: 'customId', aliases: ['externalId', 'reference']},
    {name: 'description', aliases: ['memo'], required: true, freeText: true},
    {name: amount, aliases: [amountAlias], required: true},
    {name: 'currency', aliases: ['currencyCode'], required: true},
    ...own,
    ID_COLUMN,
    ...EXPORT_ONLY,
  ].map(optionalWithId)

/** What every payout row reads first. */
export interface PayoutRowHead {
  check: RowCheck
  customId?: string
  /** The payout the row names by id: such a row may leave values out (the payout keeps them). */
  payoutId?: string
  byId: boolean
  description?: string
  /** As the row writes it (the body sends it in its currency's canonical form). */
  amount?: string
  currency?: string
}

export function payoutRowHead(cells: Cells, options: SchemaOptions, amountColumn: string): PayoutRowHead {
  const check = new RowCheck(cells, options)
  const customId = cells.get('customId')
  const payoutId = check.payoutId()
  const byId = payoutId !== undefined
  const description = cells.get('description')
  const {amount, currency} = check.money(amountColumn, 'currency', options.decimalComma, byId)
  return {check, customId, payoutId, byId, description, amount, currency}
}

/** A valid row: what validation tallies, and the body when asked for. */
export function validPayoutRow<Item>(
  head: PayoutRowHead,
  item: Item,
  amount: string | undefined,
  movesMoney: boolean,
  build: boolean,
): RowResult<Item> {
  const row: ParsedRow<Item> = {
    customId: head.customId,
    amount: amount ?? '',
    currency: head.currency ?? '',
    movesMoney,
  }
  if (head.byId) row.payoutId = head.payoutId
  if (build) row.item = item
  return {row}
}
