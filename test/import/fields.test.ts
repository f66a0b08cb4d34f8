import {describe, expect, it} from 'vitest'
import {phoneProblem} from '../../src/contract/primitives.js'
import {chunkIdempotencyKey} from '../../src/services/import/plan/keys.js'
import {parseDelimiterFlag, sniffDelimiter} from '../../src/services/import/read/sniff.js'
import {readAmount} from '../../src/services/import/validate/amount.js'
import {FingerprintList, fingerprint, RowSet} from '../../src/services/import/validate/duplicates.js'
import {mapHeader, normalizeHeader} from '../../src/services/import/validate/headers.js'
import {Cells} from '../../src/services/import/validate/import-schema.js'
import {v1Schema} from '../../src/services/import/validate/import-schema-v1.js'
import {v2Schema} from '../../src/services/import/validate/import-schema-v2.js'
import {targetKey} from '../../src/services/payouts/target-key.js'
import {editDistance} from '../../src/shared/edit-distance.js'
import {CurrencyTotals} from '../../src/shared/money.js'

describe('header matching', () => {
  it('ignores case, spaces, underscores and dashes', () => {
    expect(normalizeHeader(' Custom_ID ')).toBe('customid')
    expect(normalizeHeader('recipient-E mail')).toBe('recipientemail')
  })

  it('maps aliases and reports the index of each column', () => {
    const mapping = mapHeader(['E-Mail', 'Payout Amount', 'description', 'CURRENCY', 'notes'], v2Schema.columns)
    expect(mapping.problems).toEqual([])
    expect(mapping.index.get('recipientEmail')).toBe(0)
    expect(mapping.index.get('amount')).toBe(1)
    expect(mapping.label.get('amount')).toBe('Payout Amount')
    expect(mapping.ignored).toEqual(['notes'])
  })

  it('refuses a typo of a known column, naming the suggestion, and a missing required column', () => {
    const mapping = mapHeader(['description', 'ammount', 'currency', 'email'], v2Schema.columns)
    expect(mapping.problems).toEqual([
      {column: 'ammount', message: 'unknown column "ammount"; did you mean amount?'},
      {column: 'amount', message: 'the required column amount (or payoutAmount) is missing'},
    ])
  })

  it('refuses the same column twice (a name and its alias)', () => {
    const mapping = mapHeader(['amount', 'payoutAmount', 'description', 'currency'], v2Schema.columns)
    expect(mapping.problems[0].message).toContain('is the same column as "amount"')
  })

  it('names the flag for a column of the other format', () => {
    const v2 = mapHeader(['description', 'amount', 'currency', 'creatorHandle'], v2Schema.columns, v2Schema.foreign)
    expect(v2.problems[0].message).toContain('pass --api v1')
    const v1 = mapHeader(['description', 'amount', 'currency', 'counterpartyId'], v1Schema.columns, v1Schema.foreign)
    expect(v1.problems[0].message).toContain('drop --api v1')
  })

  it('measures typos as edits and swaps', () => {
    expect(editDistance('tgas', 'tags')).toBe(1)
    expect(editDistance('ammount', 'amount')).toBe(1)
    expect(editDistance('currency', 'country')).toBeGreaterThan(2)
  })
})

describe('amounts', () => {
  const AMOUNT_HEADER = ['description', 'amount', 'currency', 'recipientEmail']
  /** A v2 row with this amount: its body's amount, or its errors (the reading's, or the contract's). */
  const rowWith = (text: string, currency: string, decimalComma = false) => {
    const cells = new Cells(mapHeader(AMOUNT_HEADER, v2Schema.columns)).load(['x', text, currency, 'a@example.com'])
    const result = v2Schema.parse(cells, {decimalComma}, true)
    return result.row ? {amount: result.row.item?.amount} : {problem: result.errors.map(e => e.message).join('; ')}
  }

  it.each([
    ['12.50', 'EUR', '12.50'],
    ['12.5', 'EUR', '12.50'],
    ['1000', 'JPY', '1000'],
    ['0.01', 'USD', '0.01'],
  ])('accepts %s %s (sent as %s)', (text, currency, amount) => {
    expect(rowWith(text, currency)).toEqual({amount})
  })

  it.each([
    ['1e3', 'EUR', 'scientific notation'],
    ['1.5E+03', 'EUR', 'scientific notation'],
    ['-5', 'EUR', 'negative'],
    ['0', 'EUR', 'greater than zero'],
    ['0.00', 'EUR', 'greater than zero'],
    ['12.345', 'EUR', 'has more than two decimal places'],
    ['100.5', 'JPY', 'JPY allows 0'],
    ['1,234.56', 'EUR', 'thousands separator'],
    ['12,50', 'EUR', 'write 12.50, or pass --decimal-comma'],
    ['1.234,56', 'EUR', 'write 1234.56, or pass --decimal-comma'],
    ['twelve', 'EUR', 'not a decimal number'],
  ])('refuses %s %s (%s)', (text, currency, reason) => {
    expect(rowWith(text, currency).problem).toContain(reason)
  })

  it('reads decimal commas when told to, and refuses dots as decimal marks then', () => {
    expect(readAmount('1.234,56', true)).toEqual({amount: '1234.56'})
    expect(readAmount('1 234,5', true)).toEqual({amount: '1234.5'})
    expect(readAmount('99,90', true)).toEqual({amount: '99.90'})
    expect(readAmount('12', true)).toEqual({amount: '12'})
    expect(readAmount('1234.56', true).problem).toContain('not a decimal-comma number')
    expect(rowWith('1 234,5', 'EUR', true)).toEqual({amount: '1234.50'})
    expect(rowWith('1,234', 'EUR', true).problem).toContain('"1.234" has more than two decimal places')
    expect(rowWith('-1,00', 'EUR', true).problem).toContain('negative')
  })

  it('totals exactly in minor units (0.1 + 0.2 is 0.30), beyond what a double holds', () => {
    const totals = new CurrencyTotals()
    totals.add('EUR', '0.1')
    totals.add('EUR', '0.2')
    totals.add('JPY', '1000')
    totals.add('USD', '9007199254740993.01')
    totals.add('USD', '0.99')
    totals.add('GBP', '0.05')
    totals.add('GBP', '-0.10')
    // More decimals than the currency has (not from a validated import): still exact, then rounded for display.
    totals.add('CHF', '0.001')
    totals.add('CHF', '1.004')
    expect(totals.toObject()).toEqual({
      CHF: '1.01',
      EUR: '0.30',
      GBP: '-0.05',
      JPY: '1000',
      USD: '9007199254740994.00',
    })
  })
})

describe('field rules', () => {
  it('explains phone numbers mangled by spreadsheets', () => {
    expect(phoneProblem('+49 151 1234 5678')).toBeUndefined()
    expect(phoneProblem('4.91511E+12')).toContain('turned into a number')
    expect(phoneProblem('4915112345678')).toContain('with + and the country code')
  })

  it('builds a v2 body: one recipient, tags split on ";", andThen from the flag', () => {
    const mapping = mapHeader(
      ['customId', 'description', 'amount', 'currency', 'recipientPhone', 'tags'],
      v2Schema.columns,
    )
    const cells = new Cells(mapping).load(['c-1', ' Video ', '12.50', 'eur', '+49 151 1234 5678', 'a; b;;'])
    const result = v2Schema.parse(cells, {decimalComma: false, andThen: 'pay'}, true)
    expect(result.row?.item).toEqual({
      customId: 'c-1',
      description: 'Video',
      amount: '12.50',
      currency: 'EUR',
      recipient: {type: 'phone', phone: '+4915112345678'},
      tags: ['a', 'b'],
      andThen: 'pay',
    })
    expect(result.row?.movesMoney).toBe(true)
  })

  it('refuses two recipients in one row', () => {
    const mapping = mapHeader(
      ['description', 'amount', 'currency', 'recipientEmail', 'counterpartyId'],
      v2Schema.columns,
    )
    const cells = new Cells(mapping).load(['x', '1', 'EUR', 'a@example.com', 'counterparty_x'])
    expect(v2Schema.parse(cells, {decimalComma: false}, true).errors).toEqual([
      {column: 'counterpartyId', message: 'give only one recipient, not both recipientEmail and counterpartyId'},
    ])
  })

  it('builds a v1 body with booleans, payout types and the deprecated handleType header', () => {
    const mapping = mapHeader(
      ['description', 'payoutAmount', 'currency', 'creatorHandle', 'handleType', 'payoutType', 'preApproved'],
      v1Schema.columns,
    )
    const cells = new Cells(mapping).load(['x', '5', 'USD', '@maria', 'youtube-channel', 'Manual-Immutable', 'yes'])
    const result = v1Schema.parse(cells, {decimalComma: false}, true)
    expect(result.row?.item).toEqual({
      description: 'x',
      payoutAmount: '5.00',
      currency: 'USD',
      creatorHandle: '@maria',
      verificationMethod: 'youtube-channel',
      payoutType: 'manual-immutable',
      preApproved: true,
    })
    expect(result.row?.movesMoney).toBe(true)
    const bad = new Cells(mapping).load(['x', '5', 'USD', '@m', '', 'auto', 'maybe'])
    expect(v1Schema.parse(bad, {decimalComma: false}, true).errors?.map(e => e.column)).toEqual(['preApproved'])
  })

  it('payoutType is an open enumeration: known values in their spelling, others sent as written (spec 9)', () => {
    const mapping = mapHeader(
      ['description', 'payoutAmount', 'currency', 'payoutType', 'notifications'],
      v1Schema.columns,
    )
    const typed = (payoutType: string, notifications: string) =>
      v1Schema.parse(new Cells(mapping).load(['x', '5', 'USD', payoutType, notifications]), {decimalComma: false}, true)
        .row?.item
    expect(typed('Advance', 'NOT-ALLOWED')).toMatchObject({payoutType: 'advance', notifications: 'not-allowed'})
    expect(typed('auto', 'weekly')).toMatchObject({payoutType: 'auto', notifications: 'weekly'})
  })
})

describe('delimiters', () => {
  it('sniffs comma, semicolon and tab, quoted fields included', () => {
    expect(sniffDelimiter('a,b,c\n1,"x;y",3\n')).toBe(',')
    expect(sniffDelimiter('a;b;c\n1;"x, y";3\n')).toBe(';')
    expect(sniffDelimiter('a\tb\tc\n1\tx, y; z\t3\n')).toBe('\t')
    expect(sniffDelimiter('description;amount\n"Bonus, Q2";1,50\n')).toBe(';')
    expect(sniffDelimiter('single\n1\n')).toBe(',')
  })

  it('parses the --delimiter flag', () => {
    expect(parseDelimiterFlag('tab')).toBe('\t')
    expect(parseDelimiterFlag('\\t')).toBe('\t')
    expect(parseDelimiterFlag(';')).toBe(';')
    expect(parseDelimiterFlag('|')).toBeUndefined()
  })
})

describe('derived keys', () => {
  it('derives the same idempotency key for the same rows, and another for other rows or another target', () => {
    const target = targetKey('local', 'http://127.0.0.1:4010')
    expect(target).toMatch(/^local-[0-9a-f]{8}$/)
    expect(targetKey('local', 'http://127.0.0.1:4011')).not.toBe(target)
    const rows = [{customId: 'a', content: '1'}]
    const key = chunkIdempotencyKey(target, 'v2', rows)
    expect(key).toBe(chunkIdempotencyKey(target, 'v2', [{customId: 'a', content: '1'}]))
    expect(key).not.toBe(chunkIdempotencyKey(target, 'v2', [{customId: 'a', content: '2'}]))
    expect(key).not.toBe(chunkIdempotencyKey(target, 'v2 pay', rows))
    expect(key).not.toBe(chunkIdempotencyKey(targetKey('local', 'http://127.0.0.1:4011'), 'v2', rows))
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })
})

describe('duplicate fingerprints and row sets', () => {
  it('finds repeated fingerprints among many', () => {
    const list = new FingerprintList()
    for (let i = 0; i < 20_000; i++) list.add(`inv-${i}`)
    expect(list.repeated().size).toBe(0)
    list.add('inv-42')
    expect([...list.repeated()]).toEqual([fingerprint('inv-42')])
  })

  it('spills sorted runs to disk beyond a run: memory stays one run, repeats across runs are found', () => {
    const list = new FingerprintList(1000)
    for (let i = 0; i < 10_500; i++) list.add(`inv-${i}`)
    expect(list.memoryBytes).toBe(8000)
    expect(list.repeated().size).toBe(0)
    list.add('inv-3')
    list.add('inv-9999')
    list.add('inv-9999')
    expect(list.memoryBytes).toBe(8000)
    expect([...list.repeated()].sort()).toEqual([fingerprint('inv-3'), fingerprint('inv-9999')].sort())
    list.close()
  })

  it('keeps the same memory for 1,000 rows and 200,000', () => {
    const small = new FingerprintList()
    for (let i = 0; i < 1000; i++) small.add(`row-${i}`)
    const big = new FingerprintList()
    for (let i = 0; i < 200_000; i++) big.add(`row-${i}`)
    expect(big.memoryBytes).toBe(small.memoryBytes)
    expect(big.repeated().size).toBe(0)
    big.close()
  })

  it('remembers rows in a growing bit set', () => {
    const set = new RowSet()
    expect(set.add(5)).toBe(true)
    expect(set.add(5)).toBe(false)
    set.add(1_000_000)
    expect(set.has(5)).toBe(true)
    expect(set.has(6)).toBe(false)
    expect(set.has(1_000_000)).toBe(true)
    expect(set.size).toBe(2)
  })
})
