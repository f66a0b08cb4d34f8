import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {compileBodyChecks, type RowSchema} from '../../src/services/import/validate/import-schema.js'
import {v1Schema} from '../../src/services/import/validate/import-schema-v1.js'
import {v2Schema} from '../../src/services/import/validate/import-schema-v2.js'
import {RowInspector} from '../../src/services/import/validate/row-inspector.js'

/**
 * A big file's rows are checked by validators compiled from the contract's JSON Schema; a small file's by zod. Over
 * the same generated rows (new payouts and rows naming their payout by id, v2 and v1), both give every row the same
 * result: the same body, or the same errors with the same columns and words. A fixed seed, a bounded number of rows.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 41)
const ROWS = 1500
const PAYOUT_ID = 'payout_123e4567-e89b-42d3-a456-426614174000'

const cell = (good: string[], bad: string[]) =>
  fc.oneof({arbitrary: fc.constantFrom(...good), weight: 8}, {arbitrary: fc.constantFrom(...bad), weight: 1})
const texts = ['Royalties', 'line one\nline two', 'd'.repeat(1000), '😀 x']
const badTexts = ['d'.repeat(1001), 'esc\u001bape', 'bidi\u202e']
const amounts = ['12.50', '1', '12.5', '0.01', '1000']
const badAmounts = ['0', '12.345', '1e3', '-1', '12,50', '1,234.56', 'twelve', '9'.repeat(33)]
const currencies = ['EUR', 'usd', 'JPY', ' eur ']
const badCurrencies = ['EURO', '€', 'E1R']
const emails = ['ada@example.com', 'Ann@Example.COM']
const badEmails = ['nope', `${'a'.repeat(243)}@example.com`, 'a@b']
const phones = ['+4915112345678', '+49 151 1234 5678']
const badPhones = ['0151', '4.91511E+12', '+0151234567']

const COLUMNS = {
  v2: [
    'id',
    'customId',
    'description',
    'amount',
    'currency',
    'recipientEmail',
    'recipientPhone',
    'counterpartyId',
    'tags',
  ],
  v1: ['id', 'customId', 'description', 'payoutAmount', 'currency', 'email', 'phone', 'preApproved', 'tags'],
}

const COUNTERPARTY = 'counterparty_123e4567-e89b-42d3-a456-426614174000'
/** v2: one recipient cell of the three (sometimes two, or none); v1: e-mail, phone and preApproved. */
const recipients = (api: 'v1' | 'v2') =>
  api === 'v1'
    ? fc.tuple(cell(emails, badEmails), cell(phones, badPhones), cell(['', 'yes', 'false'], ['maybe']))
    : fc.oneof(
        {arbitrary: fc.tuple(cell(emails, badEmails), fc.constant(''), fc.constant('')), weight: 4},
        {arbitrary: fc.tuple(fc.constant(''), cell(phones, badPhones), fc.constant('')), weight: 4},
        {arbitrary: fc.tuple(fc.constant(''), fc.constant(''), cell([COUNTERPARTY], ['counterparty_x'])), weight: 4},
        {arbitrary: fc.tuple(cell(emails, badEmails), cell(phones, badPhones), fc.constant('')), weight: 1},
      )

const row = (api: 'v1' | 'v2') =>
  fc
    .tuple(
      fc.constantFrom('', '', '', PAYOUT_ID),
      cell(['', 'c-1', 'x'.repeat(255)], ['x'.repeat(256), 'tab\there']),
      cell(texts, [...badTexts, '']),
      cell(amounts, [...badAmounts, '']),
      cell(currencies, [...badCurrencies, '']),
      recipients(api),
      cell(['', 'a;b', `${'t'.repeat(100)};x`], ['t'.repeat(101)]),
    )
    .map(([id, customId, description, amount, currency, [a, b, c], tags]) => [
      id,
      customId,
      description,
      amount,
      currency,
      a,
      b,
      c,
      tags,
    ])

const SCHEMAS = {v1: v1Schema, v2: v2Schema} as Record<'v1' | 'v2', RowSchema<unknown>>

describe('rows checked by the compiled validators and by zod alone come out the same', () => {
  it.each(['v2', 'v1'] as const)(`%s: ${ROWS} rows`, async api => {
    const schema = SCHEMAS[api]
    const inspector = new RowInspector(COLUMNS[api], schema, {decimalComma: false, andThen: undefined}, () => false)
    const rows = fc.sample(row(api), {seed: SEED, numRuns: ROWS})
    const byZod = rows.map(values => inspector.inspect(values, true))
    await compileBodyChecks(schema.bodies ?? [])
    const compiled = rows.map(values => inspector.inspect(values, true))
    expect(compiled).toEqual(byZod)
    // Both verdicts, and rows of both kinds, are among them.
    expect(byZod.filter(result => result.row && !result.row.payoutId).length).toBeGreaterThan(ROWS / 10)
    expect(byZod.filter(result => result.row?.payoutId).length).toBeGreaterThan(ROWS / 50)
    expect(byZod.filter(result => result.errors).length).toBeGreaterThan(ROWS / 10)
  })
})
