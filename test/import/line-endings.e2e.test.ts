import {writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {readRecords} from '../../src/services/import/read/records.js'
import {LOCAL_EMULATOR} from '../../src/shared/local-emulator.js'
import {isolatedHome} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'
import {allPayoutsV2} from './helpers.js'

/**
 * Line ends mixed in one file, as when LF rows are appended to a file a spreadsheet saved with CRLF: every
 * line end ends a record, and line numbers stay those an editor shows.
 */

const emulator = useEmulator({reset: false})

async function records(content: string) {
  const file = join(isolatedHome().dir, 'mixed.csv')
  writeFileSync(file, content)
  const reader = await readRecords({path: file, encoding: 'utf8'})
  const out: Array<{line: number; cells: string[]}> = []
  for await (const batch of reader.batches) out.push(...batch)
  return out
}

describe('mixed line ends', () => {
  it('CRLF rows, then LF rows, then a CR row: one record per line, quoted line breaks kept', async () => {
    const read = await records('a,b\r\n1,"x\r\ny"\r\n\r\n2,3\n4,5\n6,7\r8,9\n')
    expect(read).toEqual([
      {line: 1, cells: ['a', 'b']},
      {line: 2, cells: ['1', 'x\r\ny']},
      {line: 5, cells: ['2', '3']},
      {line: 6, cells: ['4', '5']},
      {line: 7, cells: ['6', '7']},
      {line: 8, cells: ['8', '9']},
    ])
  })

  it('a big CRLF file with LF rows appended: every row, CRLF split across read chunks included', async () => {
    const crlf = Array.from({length: 5000}, (_, i) => `row-${i},${'x'.repeat(i % 37)}`)
    const lf = Array.from({length: 3000}, (_, i) => `lf-${i},y`)
    const read = await records(`id,text\r\n${crlf.join('\r\n')}\r\n${lf.join('\n')}\n`)
    expect(read).toHaveLength(8001)
    expect(read.every(r => r.cells.length === 2)).toBe(true)
    expect(read.every((r, i) => r.line === i + 1)).toBe(true)
    expect(read[5001].cells).toEqual(['lf-0', 'y'])
  })
})

describe('importing a CRLF file with LF rows appended', () => {
  it('creates every row, the appended ones included (the built CLI against the emulator)', async () => {
    const home = isolatedHome()
    const file = join(home.dir, 'appended.csv')
    const crlf = ['customId,description,amount,currency,recipientEmail', 'crlf-1,A,1.00,EUR,a@example.com']
    writeFileSync(file, `${crlf.join('\r\n')}\r\nlf-1,B,2.00,EUR,b@example.com\nlf-2,C,3.00,EUR,c@example.com\n`)
    const result = await runCommand(['payouts', 'import', file, '--json'], {
      env: {...home.env, PAYCTL_ORIGIN: emulator.url},
    })
    expect(result.code, result.stderr).toBe(0)
    expect(JSON.parse(result.stdout)).toMatchObject({rows: 3, valid: 3, created: 3})
    const ids = (await allPayoutsV2(emulator.url, LOCAL_EMULATOR.fullKey)).map(p => p.customId).sort()
    expect(ids).toEqual(['crlf-1', 'lf-1', 'lf-2'])
  })
})
