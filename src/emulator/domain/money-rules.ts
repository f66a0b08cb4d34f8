import type {ErrorDetail} from '../../contract/error-envelope.js'
import {amountProblem, currencyProblem} from '../../shared/money.js'
import {isObject} from './json-value.js'
import {AMOUNT_LIMITS, SUPPORTED_CURRENCIES} from './reference-data.js'

/**
 * What this service decides about money in a request: the currencies it settles and the smallest and largest
 * amount (reference-data.ts). The request's shape is the contract's: a value the contract refuses (not a string,
 * not a currency code, not a plain decimal) is left to its problem, so these name only the service's own refusals.
 */

const at = (base: string, key: string) => (base ? `${base}.${key}` : key)

/** A settled currency, or undefined (also for a value that is not a currency code at all). */
export const settledCurrency = (value: unknown): string | undefined =>
  typeof value === 'string' && SUPPORTED_CURRENCIES.includes(value) ? value : undefined

export function currencyProblems(value: unknown, path: string): ErrorDetail[] {
  if (typeof value !== 'string' || currencyProblem(value) || settledCurrency(value)) return []
  return [{path, message: `unsupported currency ${value}; the service accepts ${SUPPORTED_CURRENCIES.join(', ')}`}]
}

/** An amount within the service's limits, with no more decimals than a settled `currency` has. */
export function amountProblems(value: unknown, currency: string | undefined, path: string): ErrorDetail[] {
  if (typeof value !== 'string' || amountProblem(value)) return []
  const problem = amountProblem(value, currency, AMOUNT_LIMITS)
  return problem ? [{path, message: problem}] : []
}

/**
 * The money of a body (`currency` and the amount under `amountKey`, at paths under `base`); `currency` falls back
 * to `storedCurrency` when the body leaves it out (a PATCH of the amount alone).
 */
export function moneyProblems(body: unknown, amountKey: string, base = '', storedCurrency?: string): ErrorDetail[] {
  if (!isObject(body)) return []
  const currency = body.currency === undefined ? storedCurrency : settledCurrency(body.currency)
  return [
    ...(body.currency === undefined ? [] : currencyProblems(body.currency, at(base, 'currency'))),
    ...amountProblems(body[amountKey], currency, at(base, amountKey)),
  ]
}
