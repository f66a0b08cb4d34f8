import Big from 'big.js'
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {parsePayoutId} from '../../src/contract/ids.js'
import {PayctlError} from '../../src/shared/errors.js'
import {
  amountProblem,
  CurrencyTotals,
  formatAmount,
  minorUnits,
  RunningTotal,
  sumAmounts,
} from '../../src/shared/money.js'

/**
 * Property tests for money and id parsing (fast-check). Each property runs RUNS generated cases; the seed is
 * printed by fast-check on failure so that a finding can be replayed.
 */

const RUNS = 400
const CURRENCIES = ['EUR', 'USD', 'JPY', 'KWD', 'GBP'] as const
/** A ceiling as the emulator applies it; the client applies none (the service decides). */
const MAX_AMOUNT = '1000000000'

/** A valid amount: 1 minor unit up to MAX_AMOUNT, written with the currency's decimals or fewer. */
const validAmount = fc.constantFrom(...CURRENCIES).chain(currency => {
  const units = minorUnits(currency)!
  const max = BigInt(MAX_AMOUNT) * 10n ** BigInt(units)
  return fc.bigInt({min: 1n, max}).map(minor => {
    const digits = minor.toString().padStart(units + 1, '0')
    const amount = units ? `${digits.slice(0, -units)}.${digits.slice(-units)}` : digits
    return {currency, amount: amount.replace(/^0+(?=\d)/, '')}
  })
})

describe('money parsing (properties)', () => {
  it('every amount within the bounds and the currency decimals is accepted and formats to itself', () => {
    fc.assert(
      fc.property(validAmount, ({currency, amount}) => {
        expect(amountProblem(amount, currency, {max: MAX_AMOUNT})).toBeUndefined()
        expect(formatAmount(amount, currency)).toBe(new Big(amount).toFixed(minorUnits(currency)!))
      }),
      {numRuns: RUNS},
    )
  })

  it('any text: amountProblem never throws, and what it accepts is a plain positive decimal within the bound', () => {
    const text = fc.oneof(
      fc.string({maxLength: 40}),
      fc.stringMatching(/^[-+]?\d{0,14}([.,]\d{0,4})?(e[-+]?\d{1,3})?$/),
      fc.string({unit: 'binary', maxLength: 20}),
      fc.string({minLength: 33, maxLength: 300, unit: fc.constantFrom('9', '.', '0')}),
    )
    fc.assert(
      fc.property(text, fc.option(fc.constantFrom(...CURRENCIES), {nil: undefined}), (amount, currency) => {
        const problem = amountProblem(amount, currency, {max: MAX_AMOUNT})
        if (problem !== undefined) {
          expect(typeof problem).toBe('string')
          return
        }
        expect(amount).toMatch(/^\d+(\.\d+)?$/)
        const value = new Big(amount)
        expect(value.gt(0) && value.lte(MAX_AMOUNT)).toBe(true)
      }),
      {numRuns: RUNS * 3},
    )
  })

  it('above the bound, negative, signed, exponent or separator forms are refused', () => {
    const bad = fc.oneof(
      validAmount.map(({amount}) => `-${amount}`),
      validAmount.map(({amount}) => `+${amount}`),
      validAmount.map(({amount}) => `${amount}e0`),
      validAmount.map(({amount}) => amount.replace('.', ',')).filter(a => a.includes(',')),
      fc.bigInt({min: BigInt(MAX_AMOUNT) + 1n, max: 10n ** 30n}).map(String),
    )
    fc.assert(
      fc.property(bad, amount => {
        expect(amountProblem(amount, undefined, {max: MAX_AMOUNT})).toBeDefined()
      }),
      {numRuns: RUNS},
    )
  })

  // Amounts with more decimals than the currency (refused by validation before any total is taken) are summed
  // exactly, and the total is shown with the currency's decimals.
  it('CurrencyTotals equals a big.js sum shown with the currency decimals, whatever the order', () => {
    const entry = fc.oneof(
      validAmount,
      fc.record({currency: fc.constantFrom(...CURRENCIES), amount: fc.stringMatching(/^\d{1,6}\.\d{1,6}$/)}),
    )
    fc.assert(
      fc.property(fc.array(entry, {maxLength: 60}), entries => {
        const totals = new CurrencyTotals()
        for (const {currency, amount} of entries) totals.add(currency, amount)
        const expected: Record<string, string> = {}
        for (const currency of new Set(entries.map(e => e.currency))) {
          const amounts = entries.filter(e => e.currency === currency).map(e => e.amount)
          expected[currency] = new Big(formatAmount(sumAmounts(amounts), currency)).toFixed()
        }
        const actual = Object.fromEntries(Object.entries(totals.toObject()).map(([c, a]) => [c, new Big(a).toFixed()]))
        expect(actual).toEqual(expected)
      }),
      {numRuns: RUNS},
    )
  })

  it('sums stay exact past 2^53 minor units (a Number sum moves into a BigInt one)', () => {
    const totals = new CurrencyTotals()
    const running = new RunningTotal('EUR', new Big('150000000000000.00'))
    let sum = new Big(0)
    const above: boolean[] = []
    for (let i = 0; i < 20; i++) {
      totals.add('EUR', '9999999999999.99')
      above.push(running.add('9999999999999.99'))
      sum = sum.plus('9999999999999.99')
    }
    expect(totals.toObject().EUR).toBe(sum.toFixed(2))
    expect(running.total().eq(sum)).toBe(true)
    expect(above.indexOf(true)).toBe(15)
  })

  // The dry run's balance check: minor units where they fit, decimals where an amount or the limit has more places.
  it('RunningTotal says a total is above its limit exactly when a big.js sum is, at every step', () => {
    const amount = fc.oneof(fc.stringMatching(/^\d{1,5}(\.\d{1,2})?$/), fc.stringMatching(/^\d{1,3}\.\d{3,5}$/))
    const limit = fc.oneof(fc.stringMatching(/^-?\d{1,6}(\.\d{1,2})?$/), fc.stringMatching(/^\d{1,5}\.\d{3,4}$/))
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCIES, 'XAU'),
        limit,
        fc.array(amount, {maxLength: 40}),
        (currency, max, amounts) => {
          const running = new RunningTotal(currency, new Big(max))
          let sum = new Big(0)
          for (const value of amounts) {
            sum = sum.plus(value)
            expect(running.add(value)).toBe(sum.gt(max))
          }
          expect(running.total().eq(sum)).toBe(true)
        },
      ),
      {numRuns: RUNS},
    )
  })
})

describe('payout id parsing (properties)', () => {
  it('a UUID in either form, any case, with surrounding spaces, gives the same pair of ids', () => {
    fc.assert(
      fc.property(
        fc.uuid(),
        fc.boolean(),
        fc.boolean(),
        fc.string({unit: fc.constantFrom(' ', '\t'), maxLength: 3}),
        (uuid, v2, upper, pad) => {
          const typed = `${pad}${v2 ? 'payout_' : ''}${upper ? uuid.toUpperCase() : uuid}${pad}`
          expect(parsePayoutId(typed)).toEqual({v1: uuid.toLowerCase(), v2: `payout_${uuid.toLowerCase()}`})
        },
      ),
      {numRuns: RUNS},
    )
  })

  it('any text: either a usage error naming the value, or a well-formed id; never another error', () => {
    const text = fc.oneof(
      fc.string({maxLength: 60}),
      fc.uuid().map(u => u.slice(0, -1)),
      fc.uuid().map(u => `payout__${u}`),
      fc.uuid().map(u => `counterparty_${u}`),
      fc.string({unit: 'binary', maxLength: 50}),
    )
    fc.assert(
      fc.property(text, input => {
        try {
          const ref = parsePayoutId(input)
          expect(ref.v1).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
          expect(ref.v2).toBe(`payout_${ref.v1}`)
        } catch (error) {
          expect(error).toBeInstanceOf(PayctlError)
          expect((error as PayctlError).exitCode).toBe(2)
          expect((error as PayctlError).message).toContain(`"${input}"`)
        }
      }),
      {numRuns: RUNS * 2},
    )
  })
})
