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
 * A positive plain decimal as a count of minor units, when that count has at most 15 digits (an exact Number);
 * undefined otherwise (toMinorUnits then decides). A string walk: a regular expression and a BigInt per amount
 * cost several times more, and an import adds millions.
 */
function smallMinorUnits(amount: string, units: number): number | undefined {
  let value = 0
  let decimals = -1
  for (let i = 0; i < amount.length; i++) {
    const code = amount.charCodeAt(i)
    if (code === 46 && decimals === -1 && i > 0 && i < amount.length - 1) {
      decimals = 0
      continue
    }
    if (code < 48 || code > 57) return undefined
    value = value * 10 + (code - 48)
    if (decimals !== -1) decimals++
  }
  if (decimals === -1) decimals = 0
  const digits = amount.length - (decimals ? 1 : 0) + units - decimals
  if (decimals > units || digits > 15) return undefined
  return value * 10 ** (units - decimals)
}

/** Beyond this a Number sum of minor units moves into the BigInt one (an added amount is below 10^15: exact). */
const SMALL_SUM = 2 ** 52

/**
 * An exact sum of one currency's amounts: minor units in a Number while that is exact, in a BigInt beyond, and
 * big.js for an amount with more decimals than the currency has (or a currency without minor units).
 */
class MinorUnitSum {
  private small = 0
  private large = 0n
  rest?: Big

  constructor(readonly units: number | undefined) {}

  add(amount: string): void {
    const {units} = this
    if (units !== undefined) {
      const small = smallMinorUnits(amount, units)
      if (small !== undefined) {
        this.small += small
        if (this.small > SMALL_SUM) {
          this.large += BigInt(this.small)
          this.small = 0
        }
        return
      }
      const minor = toMinorUnits(amount, units)
      if (minor !== undefined) {
        this.large += minor
        return
      }
    }
    this.rest = (this.rest ?? new Big(0)).plus(amount)
  }

  /** The minor units alone, when nothing went to big.js and both parts fit a Number exactly. */
  smallTotal(): number | undefined {
    return this.large === 0n && !this.rest ? this.small : undefined
  }

  total(): Big {
    const whole =
      this.units === undefined ? new Big(0) : new Big(fromMinorUnits(this.large + BigInt(this.small), this.units))
    return this.rest ? whole.plus(this.rest) : whole
  }

  /** The total with the currency's decimals. */
  text(currency: string): string {
    if (this.units !== undefined && !this.rest) return fromMinorUnits(this.large + BigInt(this.small), this.units)
    return formatAmount(this.total().toFixed(), currency)
  }
}

/**
 * One currency's running total against a limit (the dry run's balance check): whether it is above it yet, exact,
 * at the cost of CurrencyTotals' sums.
 */
export class RunningTotal {
  private readonly sum: MinorUnitSum
  /** The limit in minor units when it is a whole count of them below 2^53. */
  private readonly smallLimit: number | undefined

  constructor(
    currency: string,
    readonly limit: Big,
  ) {
    this.sum = new MinorUnitSum(minorUnits(currency))
    const units = this.sum.units
    const minor = units === undefined ? undefined : toMinorUnits(limit.toFixed(), units)
    this.smallLimit =
      minor !== undefined && minor < BigInt(SMALL_SUM) && minor > -BigInt(SMALL_SUM) ? Number(minor) : undefined
  }

  /** Adds `amount`: whether the total is now above the limit. */
  add(amount: string): boolean {
    this.sum.add(amount)
    const small = this.sum.smallTotal()
    if (small !== undefined && this.smallLimit !== undefined) return small > this.smallLimit
    return this.sum.total().gt(this.limit)
  }

  total(): Big {
    return this.sum.total()
  }
}

/** Running totals per currency, exact (MinorUnitSum). */
export class CurrencyTotals {
  private readonly totals = new Map<string, MinorUnitSum>()

  add(currency: string, amount: string): void {
    let sum = this.totals.get(currency)
    if (!sum) {
      sum = new MinorUnitSum(minorUnits(currency))
      this.totals.set(currency, sum)
    }
    sum.add(amount)
  }

  toObject(): Record<string, string> {
    const out: Record<string, string> = {}
    for (const currency of [...this.totals.keys()].sort((a, b) => a.localeCompare(b)))
      out[currency] = present(this.totals.get(currency)).text(currency)
    return out
  }
}

/** Totals per currency as people read them: "120.00 EUR, 5.00 USD" ("no amounts" for none). */
export const describeTotals = (totals: Record<string, string>) =>
  Object.entries(totals)
    .map(([currency, amount]) => `${amount} ${currency}`)
    .join(', ') || 'no amounts'
