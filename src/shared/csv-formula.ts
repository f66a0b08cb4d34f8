/**
 * CSV injection (OWASP, "CSV Injection"): a spreadsheet reads a cell that begins with `=`, `+`, `-`, `@`, a tab or a
 * carriage return as a formula. An export writes such a cell with a `'` before it, which spreadsheets show as
 * text; a plain decimal number (`-12.50`, `+4915112345678`) is no formula and stays as it is. Cells that already
 * begin with `'` before such a character get one more, so that `restoredCell` undoes exactly what
 * `neutralizedCell` did (docs/scripting.md, "CSV exports").
 */

const FORMULA_START = /^'*[=+\-@\t\r]/
const DECIMAL = /^[+-]?\d+(?:\.\d+)?$/

const needsQuote = (text: string) => FORMULA_START.test(text) && !DECIMAL.test(text)

/** The cell as an export writes it: `'` before a formula-looking value. */
export function neutralizedCell(text: string): string {
  return needsQuote(text) ? `'${text}` : text
}

/** The value an exported cell holds: the `'` of `neutralizedCell` removed (for an import reading an export). */
export function restoredCell(text: string): string {
  return text.startsWith("'") && needsQuote(text.slice(1)) ? text.slice(1) : text
}
