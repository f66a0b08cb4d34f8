import Big from 'big.js'
import {amountProblem, minorUnits} from '../money.js'

/**
 * Amount checks and formatting for the emulator's hot paths (100-item batches): the rules of
 * `src/money.ts`, with each currency's minor units looked up once (Intl is slow to construct).
 */

const units = new Map<string, number | undefined>()

export function unitsOf(currency: string): number | undefined {
  if (!units.has(currency)) units.set(currency, minorUnits(currency))
  return units.get(currency)
}

/** The reason `amount` is not a valid amount in `currency`, or undefined (same rules as `amountProblem`). */
export function amountIssue(amount: string, currency?: string): string | undefined {
  const problem = amountProblem(amount)
  if (problem || !currency) return problem
  const allowed = unitsOf(currency)
  const decimals = amount.split('.')[1]?.length ?? 0
  if (allowed !== undefined && decimals > allowed)
    return `amount "${amount}" has ${decimals} decimals; ${currency} allows ${allowed}`
  return undefined
}

/** A decimal string with the currency's minor units ("12.5" EUR -> "12.50"), computed with big.js. */
export function formatMoney(amount: Big | string, currency: string): string {
  const decimals = unitsOf(currency)
  const value = new Big(amount)
  return decimals === undefined ? value.toFixed() : value.toFixed(decimals)
}
