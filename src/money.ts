import Big from 'big.js'

/**
 * Money is a decimal string end to end; arithmetic uses big.js, never JavaScript numbers.
 * Minor units come from ISO 4217 through Intl (no hardcoded list of the service's currencies).
 */

const CURRENCY_CODE = /^[A-Z]{3}$/
const PLAIN_DECIMAL = /^\d+(\.\d+)?$/

const unitsCache = new Map<string, number | undefined>()

/** ISO 4217 minor units (2 for EUR/USD, 0 for JPY); undefined when the code is malformed. Memoized: hot in imports. */
export function minorUnits(currency: string): number | undefined {
  if (unitsCache.has(currency)) return unitsCache.get(currency)
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
export function amountProblem(amount: string, currency?: string): string | undefined {
  if (amount === '') return 'amount is empty'
  if (/^[-+]?(\d+\.?\d*|\.\d+)e[-+]?\d+$/i.test(amount))
    return `amount "${amount}" uses scientific notation; write it as a plain decimal`
  if (amount.startsWith('-')) return `amount "${amount}" is negative`
  if (/[,\s']/.test(amount)) return `amount "${amount}" has a thousands separator or space; write e.g. 1000.00`
  if (!PLAIN_DECIMAL.test(amount)) return `amount "${amount}" is not a decimal number like 12.50`
  if (new Big(amount).lte(0)) return `amount "${amount}" must be greater than zero`
  if (currency) {
    const units = minorUnits(currency)
    const decimals = amount.split('.')[1]?.length ?? 0
    if (units !== undefined && decimals > units)
      return `amount "${amount}" has ${decimals} decimals; ${currency} allows ${units}`
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

/** Running totals per currency, exact. */
export class CurrencyTotals {
  private readonly totals = new Map<string, Big>()

  add(currency: string, amount: string): void {
    this.totals.set(currency, (this.totals.get(currency) ?? new Big(0)).plus(amount))
  }

  toObject(): Record<string, string> {
    const out: Record<string, string> = {}
    for (const [currency, total] of [...this.totals].sort(([a], [b]) => a.localeCompare(b)))
      out[currency] = formatAmount(total.toFixed(), currency)
    return out
  }
}
