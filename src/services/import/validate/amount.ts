import {amountProblem, MAX_AMOUNT_LENGTH, minorUnits} from '../../../shared/money.js'

/**
 * Amounts in a CSV: plain decimal strings ("1234.56"), checked by src/shared/money.ts (no exponent, sign, zero,
 * or more decimals than the currency has). Thousands separators are refused, unless `--decimal-comma`
 * says the file writes "1.234,56": then "." (or a space) groups thousands and "," is the decimal mark.
 */

export type AmountResult = {amount: string; problem?: undefined} | {amount?: undefined; problem: string}

const PLAIN = /^\d+(\.\d+)?$/
const NONZERO = /[1-9]/

const DECIMAL_COMMA = /^\d{1,3}([. \u00a0\u202f]\d{3})*(,\d+)?$|^\d+(,\d+)?$/

export function readAmount(text: string, currency: string | undefined, decimalComma: boolean): AmountResult {
  let amount = text
  if (decimalComma) {
    if (/e/i.test(text) || text.startsWith('-')) {
      // money.ts names the exact problem (scientific notation, negative).
    } else if (DECIMAL_COMMA.test(text)) {
      amount = text.replace(/[. \u00a0\u202f]/g, '').replace(',', '.')
    } else {
      return {problem: `amount "${text}" is not a decimal-comma number like 1.234,56 (--decimal-comma is set)`}
    }
  } else if (/^\d+,\d{1,2}$|^\d{1,3}(\.\d{3})+,\d+$/.test(text)) {
    const plain = text.replace(/\./g, '').replace(',', '.')
    return {problem: `amount "${text}" uses a decimal comma; write ${plain}, or pass --decimal-comma`}
  }
  // Fast path for the usual row (millions of them): a plain positive decimal within the currency's decimals and
  // the length amountProblem reads; anything else gets every rule of amountProblem. The service decides the
  // largest amount (the sending step isolates a row it refuses).
  if (PLAIN.test(amount) && NONZERO.test(amount)) {
    const dot = amount.indexOf('.')
    const units = currency === undefined ? undefined : minorUnits(currency)
    const small = amount.length <= MAX_AMOUNT_LENGTH
    if (small && (dot === -1 || units === undefined || amount.length - dot - 1 <= units)) return {amount}
  }
  const problem = amountProblem(amount, currency)
  if (!problem) return {amount}
  return {problem: amount === text ? problem : problem.replace(`"${amount}"`, `"${text}"`)}
}
