import Big from 'big.js'
import {minorUnits} from '../money.js'

/**
 * Exact totals per currency for millions of rows: each validated amount (a plain decimal with no more
 * decimals than its currency has) is added as a BigInt count of minor units, several times faster than
 * decimal objects; the result is a decimal string again (src/money.ts conventions, never a JS number).
 */
export class MinorUnitTotals {
  private readonly totals = new Map<string, {units: number; minor: bigint}>()

  add(currency: string, amount: string): void {
    let entry = this.totals.get(currency)
    if (!entry) {
      entry = {units: minorUnits(currency) ?? 0, minor: 0n}
      this.totals.set(currency, entry)
    }
    entry.minor += toMinor(amount, entry.units)
  }

  get size(): number {
    return this.totals.size
  }

  toObject(): Record<string, string> {
    const out: Record<string, string> = {}
    for (const currency of [...this.totals.keys()].sort()) {
      const {units, minor} = this.totals.get(currency)!
      out[currency] = fromMinor(minor, units)
    }
    return out
  }
}

/** "12.5" with 2 minor units -> 1250n. Amounts with more decimals than `units` go through big.js (rounded never: they were refused). */
export function toMinor(amount: string, units: number): bigint {
  const dot = amount.indexOf('.')
  if (dot === -1) return BigInt(units ? amount + '0'.repeat(units) : amount)
  const decimals = amount.length - dot - 1
  if (decimals > units) return BigInt(new Big(amount).times(new Big(10).pow(units)).toFixed(0))
  return BigInt(amount.slice(0, dot) + amount.slice(dot + 1) + '0'.repeat(units - decimals))
}

export function fromMinor(minor: bigint, units: number): string {
  if (!units) return minor.toString()
  const digits = minor.toString().padStart(units + 1, '0')
  return `${digits.slice(0, -units)}.${digits.slice(-units)}`
}
