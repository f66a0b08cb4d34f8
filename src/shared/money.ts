import Big from 'big.js'
import {present} from './present.js'

/**
 * Money is a decimal string end to end; arithmetic uses big.js, never JavaScript numbers.
 * Minor units come from ISO 4217 through Intl (no hardcoded list of the service's currencies).
 */

export const CURRENCY_CODE = /^[A-Z]{3}$/
const PLAIN_DECIMAL = /^\d+(\.\d+)?$/

/**
 * Longer text is not read as an amount at all (a guard against reading junk, not a ceiling: the service decides
 * the smallest and largest amount it takes, and the client sends whatever fits here).
 */
export const MAX_AMOUNT_LENGTH = 32

/** Bounds a caller that decides them applies (the emulator, as the service); the client passes none. */
export interface AmountLimits {
  min?: string
  max?: string
}

const unitsCache = new Map<string, number | undefined>()

/** ISO 4217 minor units (2 for EUR/USD, 0 for JPY); undefined when the code is malformed. Memoized: hot in imports. */
export function minorUnits(currency: string): number | undefined {
  const cached = unitsCache.get(currency)
  if (cached !== undefined || unitsCache.has(currency)) return cached
  let units: number | undefined
  if (CURRENCY_CODE.test(currency)) {
    try {
      units = new Intl.NumberFormat('en', {style: 'currency', currency}).resolvedOptions().maximumFractionDigits
    } catch {
      units = undefined
    }
  }
  unitsCache.set(currency, units)
  return units
}

/**
 * Checks an amount string: a plain positive decimal ("12.50"), no exponent, sign, thousands separator or
 * more decimals than the currency has. Returns the reason it is invalid, or undefined when it is valid.
 */
export function amountProblem(amount: string, currency?: string, limits: AmountLimits = {}): string | undefined {
  if (amount === '') return 'amount is empty'
  if (amount.length > MAX_AMOUNT_LENGTH)
    return `amount is ${amount.length} characters long; an amount has at most ${MAX_AMOUNT_LENGTH}`
  if (/^[-+]?(\d+\.?\d*|\.\d+)e[-+]?\d+$/i.test(amount))
    return `amount "${amount}" uses scientific notation; write it as a plain decimal`
  if (amount.startsWith('-')) return `amount "${amount}" is negative`
  const decimalComma = /^(\d+),(\d{1,2})$/.exec(amount)
  if (decimalComma)
    return `amount "${amount}" has a decimal comma, which is not accepted; write ${decimalComma[1]}.${decimalComma[2]}`
  if (/[,\s']/.test(amount)) return `amount "${amount}" has a thousands separator or space; write e.g. 1000.00`
  if (!PLAIN_DECIMAL.test(amount)) return `amount "${amount}" is not a decimal number like 12.50`
  // A plain decimal is above zero exactly when it has a digit other than 0 (no Big needed: hot in imports).
  if (!/[1-9]/.test(amount)) return `amount "${amount}" must be greater than zero`
  if (limits.min !== undefined && new Big(amount).lt(limits.min))
    return `amount "${amount}" is below the smallest allowed, ${limits.min}`
  if (limits.max !== undefined && new Big(amount).gt(limits.max))
    return `amount "${amount}" is above the largest allowed, ${limits.max}`
  if (currency) {
    const units = minorUnits(currency)
    const decimals = amount.split('.')[1]?.length ?? 0
    if (units !== undefined && decimals > units)
      return `amount "${amount}" has ${decimals} decimal${decimals === 1 ? '' : 's'}; ${currency} allows ${units}`
  }
  return undefined
}

export function currencyProblem(currency: string): string | undefined {
  if (!CURRENCY_CODE.test(currency)) return `currency "${currency}" is not a three-letter code like EUR`
  return undefined
}

/** Adds decimal strings exactly. */
export function sumAmounts(amounts: Iterable<string>): string {
  let total = new Big(0)
  for (const amount of amounts) total = total.plus(amount)
  return total.toFixed()
}

/** Formats with the currency's minor units ("12.5" EUR -> "12.50"); unparseable input is returned as it is. */
export function formatAmount(amount: string | Big, currency?: string): string {
  const units = currency ? minorUnits(currency) : undefined
  try {
    return units === undefined ? new Big(amount).toFixed() : new Big(amount).toFixed(units)
  } catch {
    return String(amount)
  }
}

/**
 * One way to write an amount: with the currency's decimals ("12.5" and "12.50" EUR are both "12.50"); imports
 * send this form and derive identities and idempotency keys from it.
 */
export function canonicalAmount(amount: string, currency: string): string {
  const units = minorUnits(currency)
  const dot = amount.indexOf('.')
  // The usual row (millions of them) is already written with the currency's decimals.
  if (units !== undefined && (dot === -1 ? units === 0 : amount.length - dot - 1 === units) && /^[1-9]/.test(amount))
    return amount
  return formatAmount(amount, currency)
}

/** A plain decimal (optionally negative) as a count of minor units; undefined when it has more decimals. */
function toMinorUnits(amount: string, units: number): bigint | undefined {
  if (!/^-?\d+(\.\d+)?$/.test(amount)) return undefined
  const dot = amount.indexOf('.')
  if (dot === -1) return BigInt(amount + '0'.repeat(units))
  const decimals = amount.length - dot - 1
  if (decimals > units) return undefined
  return BigInt(amount.slice(0, dot) + amount.slice(dot + 1) + '0'.repeat(units - decimals))
}

function fromMinorUnits(minor: bigint, units: number): string {
  const sign = minor < 0n ? '-' : ''
  const digits = (minor < 0n ? -minor : minor).toString().padStart(units + 1, '0')
  return units ? `${sign}${digits.slice(0, -units)}.${digits.slice(-units)}` : `${sign}${digits}`
}

/**
 * Running totals per currency, exact. Amounts that fit the currency's minor units are added as BigInt counts
 * of minor units (several times faster than decimal objects: a CSV import adds millions); anything else
 * goes to a big.js remainder.
 */
export class CurrencyTotals {
  private readonly totals = new Map<string, {units?: number; minor: bigint; rest?: Big}>()

  add(currency: string, amount: string): void {
    let entry = this.totals.get(currency)
    if (!entry) {
      entry = {units: minorUnits(currency), minor: 0n}
      this.totals.set(currency, entry)
    }
    const minor = entry.units === undefined ? undefined : toMinorUnits(amount, entry.units)
    if (minor === undefined) entry.rest = (entry.rest ?? new Big(0)).plus(amount)
    else entry.minor += minor
  }

  toObject(): Record<string, string> {
    const out: Record<string, string> = {}
    for (const currency of [...this.totals.keys()].sort((a, b) => a.localeCompare(b))) {
      const {units, minor, rest} = present(this.totals.get(currency))
      if (units !== undefined && !rest) out[currency] = fromMinorUnits(minor, units)
      else {
        const total = (rest ?? new Big(0)).plus(units === undefined ? 0 : fromMinorUnits(minor, units))
        out[currency] = formatAmount(total.toFixed(), currency)
      }
    }
    return out
  }
}

/** Totals per currency as people read them: "120.00 EUR, 5.00 USD" ("no amounts" for none). */
export const describeTotals = (totals: Record<string, string>) =>
  Object.entries(totals)
    .map(([currency, amount]) => `${amount} ${currency}`)
    .join(', ') || 'no amounts'
