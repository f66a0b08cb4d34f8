/**
 * An amount cell as the body takes it: as written ("1234.56"; the contract's amount rules judge it), or read as
 * `--decimal-comma` says the file writes it ("1.234,56": "." or a space groups thousands, "," is the decimal mark).
 * A decimal comma in a file without the flag is named here, with the flag that reads it.
 */

export type AmountResult = {amount: string; problem?: undefined} | {amount?: undefined; problem: string}

const DECIMAL_COMMA = /^\d{1,3}([. \u00a0\u202f]\d{3})*(,\d+)?$|^\d+(,\d+)?$/
const COMMA_WRITTEN = /^\d+,\d{1,2}$|^\d{1,3}(\.\d{3})+,\d+$/

export function readAmount(text: string, decimalComma: boolean): AmountResult {
  if (!decimalComma) {
    if (!COMMA_WRITTEN.test(text)) return {amount: text}
    const plain = text.replace(/\./g, '').replace(',', '.')
    return {problem: `amount "${text}" uses a decimal comma; write ${plain}, or pass --decimal-comma`}
  }
  // An exponent or a sign is left to the contract, which names it.
  if (/e/i.test(text) || text.startsWith('-')) return {amount: text}
  if (DECIMAL_COMMA.test(text)) return {amount: text.replace(/[. \u00a0\u202f]/g, '').replace(',', '.')}
  return {problem: `amount "${text}" is not a decimal-comma number like 1.234,56 (--decimal-comma is set)`}
}
