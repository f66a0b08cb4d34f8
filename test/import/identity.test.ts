import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import fc from 'fast-check'
import {afterAll, describe, expect, it} from 'vitest'
import {contentOf, RowIdentifier} from '../../src/services/payouts/payout-identity.js'
import {rowKeys} from './helpers.js'

const work = mkdtempSync(join(tmpdir(), 'payctl-identity-'))
afterAll(() => rmSync(work, {recursive: true, force: true}))

const COLUMNS = ['customId', 'description', 'amount', 'currency', 'recipientEmail', 'tags'] as const
type Row = Record<(typeof COLUMNS)[number], string>

interface Saving {
  crlf: boolean
  bom: boolean
  quoteAll: boolean
  blankLines: boolean
  spaces: boolean
  order: number[]
  withCustomId: boolean
}

const quote = (value: string, all: boolean) =>
  all || /[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value

/** One way a spreadsheet (or a person) may save the same rows. */
function render(rows: Row[], saving: Saving): string {
  const columns = saving.order.map(i => COLUMNS[i]).filter(c => saving.withCustomId || c !== 'customId')
  const eol = saving.crlf ? '\r\n' : '\n'
  const cell = (value: string) => quote(saving.spaces && value ? ` ${value}  ` : value, saving.quoteAll)
  const lines = [columns.join(',')]
  for (const row of rows) {
    lines.push(columns.map(c => cell(row[c])).join(','))
    if (saving.blankLines) lines.push('')
  }
  return (saving.bom ? '\ufeff' : '') + lines.join(eol) + eol
}

async function identities(text: string, name: string) {
  const path = join(work, name)
  writeFileSync(path, text)
  return (await rowKeys(path)).map(row => `${row.customId}/${row.content}`)
}

const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 .;'"-]{0,14}[A-Za-z0-9]$/)
const rowArb = fc.record({
  customId: fc.stringMatching(/^[a-z0-9]{1,8}$/),
  description: word,
  amount: fc.integer({min: 1, max: 99_999}).map(cents => (cents / 100).toFixed(2)),
  currency: fc.constantFrom('EUR', 'USD', 'GBP'),
  recipientEmail: fc.stringMatching(/^[a-z]{1,6}@[a-z]{1,6}\.com$/),
  tags: fc.constantFrom('', 'a', 'a;b'),
})
const savingArb = fc.record({
  crlf: fc.boolean(),
  bom: fc.boolean(),
  quoteAll: fc.boolean(),
  blankLines: fc.boolean(),
  spaces: fc.boolean(),
  order: fc.shuffledSubarray([0, 1, 2, 3, 4, 5], {minLength: 6, maxLength: 6}),
  withCustomId: fc.boolean(),
})
const plain: Omit<Saving, 'withCustomId'> = {
  crlf: false,
  bom: false,
  quoteAll: false,
  blankLines: false,
  spaces: false,
  order: [0, 1, 2, 3, 4, 5],
}

const IDENTITY_RUNS = 40

describe('row identity', () => {
  it('survives re-saving: line endings, BOM, blank lines, quoting, column order, spaces', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(rowArb, {minLength: 1, maxLength: 12, selector: row => row.customId}),
        savingArb,
        async (rows, saving) => {
          const before = await identities(render(rows, {...plain, withCustomId: saving.withCustomId}), 'a.csv')
          const after = await identities(render(rows, saving), 'b.csv')
          expect(after).toEqual(before)
          expect(new Set(after).size).toBe(rows.length)
        },
      ),
      {numRuns: IDENTITY_RUNS},
    )
  })

  it('tells identical rows without customId apart, and an edit or a --batch gives another identity', () => {
    const item = {description: 'x', amount: '10.5', currency: 'eur', recipient: {email: 'a@b.co'}}
    const ids = new RowIdentifier()
    const first = ids.identify(item)
    const second = ids.identify({...item, amount: '10.50', currency: 'EUR'})
    expect(first).toMatchObject({derived: true, content: second.content})
    expect(first.customId).not.toBe(second.customId)
    expect(new RowIdentifier().identify(item)).toEqual(first)
    expect(new RowIdentifier('2026-02').identify(item).customId).not.toBe(first.customId)
    expect(new RowIdentifier().identify({...item, amount: '10.51'}).customId).not.toBe(first.customId)
    expect(new RowIdentifier().identify(item, 'inv-1')).toEqual({
      customId: 'inv-1',
      derived: false,
      content: first.content,
    })
  })

  it('compares a row with a payout as the service returns it', () => {
    const row = {description: 'x', amount: '12.5', currency: 'EUR', recipient: {email: 'a@b.co'}, tags: ['t']}
    const payout = {
      id: 'payout_1',
      status: 'created',
      description: 'x',
      amount: '12.50',
      currency: 'EUR',
      recipient: {type: 'email', email: 'a@b.co'},
      tags: ['t'],
    }
    expect(contentOf(payout)).toBe(contentOf(row))
    expect(contentOf({...payout, amount: '12.51'})).not.toBe(contentOf(row))
  })
})
