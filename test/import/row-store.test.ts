import {mkdtempSync, readdirSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {RowStore, type StoredRow} from '../../src/services/import/validate/row-store.js'

/**
 * The row store gives back every row as it was added, in order, from memory or from its temporary file: rows with
 * errors, rows without a customId, id rows, rows that move money, text whose UTF-8 bytes straddle the file's read
 * buffer, and reads repeated as often as a stage asks. Closing removes the file.
 */

function rowOf(i: number): StoredRow {
  if (i % 7 === 3) return {line: i + 2, customId: `c-${i}`, errors: [{column: 'amount', message: 'is required'}]}
  const description = `Tantièmes ${'😀'.repeat(50 + (i % 13))} ${'é'.repeat(i % 7)} ${i}`
  const item = {description, amount: `${i}.50`, currency: 'EUR', recipient: {type: 'email', email: `a${i}@b.co`}}
  const row: StoredRow['row'] = {amount: `${i}.50`, currency: 'EUR', movesMoney: i % 4 === 0, item}
  if (i % 3 !== 0) row.customId = `c-${i}`
  if (i % 11 === 0) row.payoutId = `payout_00000000-0000-4000-8000-${String(i).padStart(12, '0')}`
  return {line: i + 2, customId: row.customId, row}
}

async function stored(store: RowStore): Promise<StoredRow[]> {
  const rows: StoredRow[] = []
  for await (const row of store.rows()) rows.push(row)
  return rows
}

async function fill(memoryRows: number, count: number): Promise<{store: RowStore; added: StoredRow[]}> {
  const store = new RowStore(memoryRows)
  const added = Array.from({length: count}, (_, i) => rowOf(i))
  for (const [i, row] of added.entries()) {
    store.add(row)
    if (i % 100 === 99) await store.settle()
  }
  await store.settle()
  await store.finish()
  return {store, added}
}

// This file's own temporary folder (each test file runs in its own process), so other files' spills do not count.
const systemTmp = process.env.TMPDIR
const ownTmp = mkdtempSync(join(tmpdir(), 'payctl-row-store-test-'))
const spills = () => readdirSync(ownTmp).filter(name => name.startsWith('payctl-rows-')).length

describe('the row store', () => {
  beforeAll(() => {
    process.env.TMPDIR = ownTmp
  })
  afterAll(() => {
    if (systemTmp === undefined) delete process.env.TMPDIR
    else process.env.TMPDIR = systemTmp
    rmSync(ownTmp, {recursive: true, force: true})
  })

  it('gives back a small file from memory', async () => {
    const {store, added} = await fill(10_000, 500)
    expect(await stored(store)).toEqual(added)
    await store.close()
  })

  it('gives back a big file from its temporary file, lines crossing its read buffer, as often as asked', async () => {
    expect(tmpdir()).toBe(ownTmp)
    // 3,000 rows of about 400 bytes, most of them in 4-byte characters: several 256 KiB reads, characters cut at their edges.
    const {store, added} = await fill(50, 3_000)
    expect(await stored(store)).toEqual(added)
    // Rows added after a read go on at the end of the file.
    const more = Array.from({length: 300}, (_, i) => rowOf(3_000 + i))
    for (const row of more) store.add(row)
    await store.settle()
    await store.finish()
    expect(await stored(store)).toEqual([...added, ...more])
    await store.close()
  })

  it('leaves no name in TMPDIR while it holds rows: the temporary file is unlinked as soon as it is open', async () => {
    const {store} = await fill(50, 500)
    expect(spills()).toBe(0)
    expect(readdirSync(ownTmp)).toEqual([])
    await store.close()
  })

  it('stops reading where a stage stops, and reads from the start again', async () => {
    const {store, added} = await fill(10, 1_000)
    const first: StoredRow[] = []
    for await (const row of store.rows()) {
      first.push(row)
      if (first.length === 30) break
    }
    expect(first).toEqual(added.slice(0, 30))
    expect(await stored(store)).toEqual(added)
    await store.close()
  })
})
