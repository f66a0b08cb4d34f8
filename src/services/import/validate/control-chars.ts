import {refusedCharacter} from '../../../contract/primitives.js'

/**
 * Control characters have no place in a payout's text: a NUL or an escape code in a description reaches e-mails,
 * invoices and terminals. The contract's rule decides: in free-text columns (a description, names, address lines)
 * tab, line feed and carriage return are text (a quoted field may span lines); in every other column, and for the
 * other controls anywhere, the cell is refused by line and column.
 */

/** The first refused character of a cell, or undefined. */
export const refusedInCell = (value: string, freeText: boolean) => refusedCharacter(value, freeText)

/** "contains a control character (U+001B) at character 5": for a cell that has one. */
export function describeControlCharacter(found: {codePoint: string; index: number}, freeText: boolean): string {
  const allowed = freeText ? '; line breaks and tabs are fine' : ''
  return `contains a control character (${found.codePoint}) at character ${found.index + 1}; remove it (is the file's encoding right?)${allowed}`
}
