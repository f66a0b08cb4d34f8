import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {collectPayoutKeys} from '../../src/services/payouts/ids-input.js'

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

describe('collectPayoutKeys', () => {
  it('accepts UUIDs, payout_ ids and customIds, keeping the order and dropping repeats', async () => {
    const {keys, duplicates} = await collectPayoutKeys({
      args: [uuid(1), `payout_${uuid(2).toUpperCase()}`, `payout_${uuid(1)}`],
      customIds: ['inv-1'],
    })
    expect(keys.map(k => k.v2)).toEqual([`payout_${uuid(1)}`, `payout_${uuid(2)}`, 'inv-1'])
    expect(duplicates).toBe(1)
  })

  it('reads --ids-file and "-" (stdin), skipping blank lines and comments', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ids-'))
    const file = join(dir, 'ids.txt')
    writeFileSync(file, `# approved today\n${uuid(3)}\n\n  payout_${uuid(4)}  \r\n`)
    const {keys} = await collectPayoutKeys({args: ['-'], idsFile: file, stdin: async () => `${uuid(5)}\n`})
    expect(keys.map(k => k.v2)).toEqual([`payout_${uuid(5)}`, `payout_${uuid(3)}`, `payout_${uuid(4)}`])
  })

  it('names the file and line of a malformed id', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ids-'))
    const file = join(dir, 'ids.txt')
    writeFileSync(file, `${uuid(1)}\npayout_123\n`)
    await expect(collectPayoutKeys({idsFile: file})).rejects.toThrow(
      `${file} line 2: "payout_123" is not a payout id (a UUID or payout_<UUID>)`,
    )
  })

  it('refuses an empty list, an unreadable file and reading stdin twice', async () => {
    await expect(collectPayoutKeys({args: []})).rejects.toThrow(/give at least one payout id/)
    await expect(collectPayoutKeys({idsFile: '/nonexistent/ids.txt'})).rejects.toThrow(
      /cannot read the file \(ENOENT\)/,
    )
    await expect(collectPayoutKeys({args: ['-'], idsFile: '-', stdin: async () => uuid(1)})).rejects.toThrow(
      /only be read once/,
    )
  })
})
