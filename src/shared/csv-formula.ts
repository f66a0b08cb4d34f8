/**
 * CSV injection (OWASP, "CSV Injection"): a spreadsheet reads a cell that begins with `=`, `+`, `-`, `@`, a tab or a
 * carriage return as a formula, and some read one that begins with spaces first, or trim them on the way. An export
 * (CSV and TSV) writes such a cell with a `'` before it, which spreadsheets show as text; a plain decimal number
 * (`-12.50`, `+4915112345678`) and a lone sign (`-`, a column's "none") are no formula and stay as they are. Cells that already begin with `'` before such a
 * character get one more, so that `restoredCell` undoes exactly what `neutralizedCell` did (docs/scripting.md, "CSV
 * exports"). A cell holding the separator of another locale (`;`) is quoted by csv-line.ts.
 */

const FORMULA_START = /^'*\s*[=+\-@\t\r]/
const DECIMAL = /^[+-]?\d+(?:\.\d+)?$/

/** A lone sign: the "none" of a column (`-`), of which no formula is made. */
const LONE_SIGN = /^[+-]$/

const needsQuote = (text: string) => FORMULA_START.test(text) && !DECIMAL.test(text) && !LONE_SIGN.test(text)

/** The cell as an export writes it: `'` before a formula-looking value. */
export function neutralizedCell(text: string): string {
  return needsQuote(text) ? `'${text}` : text
}

/**
 * The value an exported cell holds: the `'` of `neutralizedCell` removed (for an import reading an export). What it
 * answers is the exact value, spaces included: a reader must not trim it.
 */
export function restoredCell(text: string): string {
  return text.startsWith("'") && needsQuote(text.slice(1)) ? text.slice(1) : text
}
