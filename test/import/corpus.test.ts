import {createWriteStream, mkdtempSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {afterAll, describe, expect, it} from 'vitest'
import {type CsvRecord, CsvSyntaxError, readRecords} from '../../src/services/import/read/records.js'
import {type Chunk, readChunks, validatedChunkOptions} from '../../src/services/import/send/chunks.js'
import type {RowSchema, SchemaOptions} from '../../src/services/import/validate/import-schema.js'
import {v1Schema} from '../../src/services/import/validate/import-schema-v1.js'
import {v2Schema} from '../../src/services/import/validate/import-schema-v2.js'
import {formatValidationError, validateFile} from '../../src/services/import/validate/validate-file.js'

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/csv/${name}`, import.meta.url))
const work = mkdtempSync(join(tmpdir(), 'payctl-corpus-'))
afterAll(() => rmSync(work, {recursive: true, force: true}))

function validate(
  name: string,
  options: {schema?: RowSchema<unknown>; encoding?: string; schemaOptions?: Partial<SchemaOptions>} = {},
) {
  return validateFile({
    path: name.startsWith('/') ? name : fixture(name),
    schema: (options.schema ?? v2Schema) as RowSchema<unknown>,
    schemaOptions: {decimalComma: false, ...options.schemaOptions},
    encoding: options.encoding ?? 'utf8',
    keepRows: true,
  })
}

async function collect(path: string) {
  const reader = await readRecords({path, encoding: 'utf8'})
  const records: CsvRecord[] = []
  for await (const batch of reader.batches) records.push(...batch)
  return records
}

describe('the awkward-file corpus', () => {
  it('UTF-8 with a BOM: the first header is still customId, and the BOM wins over --encoding', async () => {
    const result = await validate('bom.csv')
    expect(result).toMatchObject({rows: 2, valid: 2, invalid: 0, totals: {EUR: '19.75'}, errors: []})
    expect(await validate('bom.csv', {encoding: 'windows-1252'})).toMatchObject({valid: 2, encoding: 'utf8'})
  })

  it('CRLF line endings', async () => {
    const result = await validate('crlf.csv')
    expect(result).toMatchObject({rows: 3, valid: 3, totals: {EUR: '10.00', USD: '50.00'}, delimiter: ','})
  })

  it('semicolons and decimal commas (--decimal-comma), quoted semicolons inside fields', async () => {
    const result = await validate('semicolon-decimal-comma.csv', {schemaOptions: {decimalComma: true}})
    expect(result).toMatchObject({rows: 3, valid: 3, delimiter: ';', totals: {EUR: '1334.96'}})
    const plain = await validate('semicolon-decimal-comma.csv')
    expect(plain.valid).toBe(0)
    expect(plain.errors[1].message).toContain('pass --decimal-comma')
  })

  it('tab-separated', async () => {
    expect(await validate('tab.tsv')).toMatchObject({rows: 2, valid: 2, delimiter: '\t'})
  })

  it('quoted commas, quoted newlines and doubled quotes; lines count the physical lines', async () => {
    const records = await collect(fixture('quoted.csv'))
    expect(records.map(r => r.line)).toEqual([1, 2, 3, 5, 6])
    expect(records[1].cells[1]).toBe('Payout, with a comma')
    expect(records[2].cells[1]).toBe('Two\nline description')
    expect(records[3].cells[1]).toBe('She said "thanks"')
    expect(await validate('quoted.csv')).toMatchObject({rows: 4, valid: 4, totals: {EUR: '10.00'}})
  })

  it('trailing empty lines and delimiter-only lines are not rows, and keep line numbers right', async () => {
    const records = await collect(fixture('trailing-empty-lines.csv'))
    expect(records.map(r => r.line)).toEqual([1, 2, 4])
    expect(await validate('trailing-empty-lines.csv')).toMatchObject({rows: 2, valid: 2})
  })

  it('header typos make the file invalid with a suggestion, whatever the rows', async () => {
    const result = await validate('header-typos.csv')
    expect(result.fatal).toBe(true)
    expect(result.errors.map(formatValidationError)).toEqual([
      'line 1, column ammount: unknown column "ammount"; did you mean amount?',
      'line 1, column tgas: unknown column "tgas"; did you mean tags?',
      'line 1, column amount: the required column amount (or payoutAmount) is missing',
    ])
  })

  it('header aliases in any case and spelling; unknown columns are ignored and named', async () => {
    const result = await validate('header-aliases.csv')
    expect(result).toMatchObject({rows: 2, valid: 2, totals: {EUR: '1.50', USD: '2.50'}})
    expect(result.ignoredColumns).toEqual(['Internal Note'])
  })

  it('windows-1252 names: refused as UTF-8 with the flag to use, read right with --encoding', async () => {
    const asUtf8 = await validate('windows-1252.csv')
    expect(asUtf8.valid).toBe(0)
    expect(asUtf8.errors[0].message).toContain('--encoding windows-1252')
    const result = await validate('windows-1252.csv', {encoding: 'windows-1252'})
    expect(result).toMatchObject({rows: 2, valid: 2, encoding: 'windows-1252'})
    const chunks = readChunks(validatedChunkOptions({schema: v2Schema}, result))
    const all: Chunk<{description: string}>[] = []
    for await (const chunk of chunks) all.push(chunk)
    expect(all).toHaveLength(1)
    expect(all[0].rows.map(r => r.item.description)).toEqual([
      'Zahlung für José Müller',
      'Prämie Søren Œuvre – “quoted”',
    ])
  })

  it('UTF-8 checked chunk by chunk: characters cut at chunk ends are fine, one bad byte deep in the file is found', async () => {
    const rows = Array.from({length: 6000}, (_, i) => `m-${i},"Zoë € 😀 ${'é'.repeat(i % 7)}",1.00,EUR,a@example.com,`)
    const good = join(work, 'multibyte.csv')
    writeFileSync(good, `customId,description,amount,currency,recipientEmail,tags\n${rows.join('\n')}\n`)
    const result = await validate(good)
    expect(result).toMatchObject({rows: 6000, valid: 6000, invalidUtf8: false})
    const bad = join(work, 'one-bad-byte.csv')
    const text = Buffer.from(`customId,description,amount,currency,recipientEmail,tags\n${rows.join('\n')}\n`)
    const row = 4321
    const at = text.indexOf(`m-${row},"Zo`) + `m-${row},"Zo`.length
    text[at] = 0xeb // "ë" in windows-1252, not UTF-8 on its own
    text[at + 1] = 0x20
    writeFileSync(bad, text)
    const found = await validate(bad)
    expect(found.invalidUtf8).toBe(true)
    expect(found.errors.map(formatValidationError)).toEqual([
      `line ${row + 2}, column description: is not valid UTF-8; if the file comes from Excel on Windows, pass --encoding windows-1252`,
    ])
    const truncated = join(work, 'truncated.csv')
    writeFileSync(
      truncated,
      Buffer.concat([Buffer.from('description,amount,currency,email\nx,1,EUR,a@example.com\nZo'), Buffer.from([0xc3])]),
    )
    expect((await validate(truncated)).invalidUtf8).toBe(true)
  })

  it('UTF-16 with a BOM (Excel "Unicode text") is recognised', async () => {
    expect(await validate('utf16le.txt')).toMatchObject({rows: 1, valid: 1, encoding: 'utf-16', delimiter: '\t'})
  })

  it('lists every invalid row by line and column; duplicates on both lines', async () => {
    const result = await validate('invalid-rows.csv')
    expect(result).toMatchObject({rows: 15, valid: 2, invalid: 13, totals: {EUR: '12.50', JPY: '1000'}})
    expect(result.errors.map(e => `${e.line}:${e.column}`)).toEqual([
      '3:amount',
      '4:amount',
      '5:amount',
      '6:amount',
      '7:amount',
      '8:amount',
      '9:amount',
      '10:recipientEmail',
      '11:recipientEmail',
      '12:description',
      '13:currency',
      '14:customId',
      '15:customId',
    ])
    expect(result.errors[11].message).toBe('customId "dup" is also used on line 15')
  })

  it('caps the listed errors and counts the rest', async () => {
    const path = join(work, 'many-errors.csv')
    const rows = Array.from({length: 250}, (_, i) => `e-${i},x,-1,EUR,a@example.com,`)
    writeFileSync(path, `customId,description,amount,currency,recipientEmail,tags\n${rows.join('\n')}\n`)
    const result = await validateFile({
      path,
      schema: v2Schema,
      schemaOptions: {decimalComma: false},
      encoding: 'utf8',
      maxErrors: 100,
    })
    expect(result.errors).toHaveLength(100)
    expect(result.errorsOmitted).toBe(150)
    expect(result.invalid).toBe(250)
  })

  it('an unclosed quote stops the file with the line it starts on', async () => {
    const result = await validate('unclosed-quote.csv')
    expect(result.fatal).toBe(true)
    expect(result.errors.map(formatValidationError)).toEqual([
      'line 3: CSV syntax: a quoted field starts here and is never closed',
    ])
    await expect(collect(fixture('unclosed-quote.csv'))).rejects.toBeInstanceOf(CsvSyntaxError)
  })

  it('a stray quote deep in a big chunk: every earlier row is still checked', async () => {
    const path = join(work, 'stray-quote.csv')
    const rows = Array.from({length: 3000}, (_, i) => `s-${i},ok,${i === 10 ? '-1' : '1'},EUR,a@example.com,`)
    rows.push('s-x,bad "quote",1,EUR,a@example.com,')
    writeFileSync(path, `customId,description,amount,currency,recipientEmail,tags\n${rows.join('\n')}\n`)
    const result = await validate(path)
    expect(result.errors.map(formatValidationError)).toEqual([
      'line 12, column amount: amount "-1" is negative',
      expect.stringMatching(/^line 3002: CSV syntax: a quote/),
    ])
  })

  it('the v1 format with --api v1', async () => {
    const result = await validate('v1.csv', {schema: v1Schema as RowSchema<unknown>})
    expect(result).toMatchObject({rows: 3, valid: 3, totals: {EUR: '12.50', USD: '105.00'}})
    expect((await validate('v1.csv')).errors[0].message).toContain('pass --api v1')
  })

  it('values mangled by Excel', async () => {
    const result = await validate('excel-mangled.csv')
    expect(result.valid).toBe(1)
    expect(result.errors.map(e => e.line)).toEqual([2, 3])
  })

  it('rows with a different number of fields than the header', async () => {
    const path = join(work, 'ragged.csv')
    writeFileSync(
      path,
      'description,amount,currency,email\nx,1,EUR,a@example.com,,\ny,1,EUR\nz,1,EUR,c@example.com,extra\nw,,oops,d@example.com,,oops,\nv,12,5,EUR,e@example.com\n',
    )
    const result = await validate(path)
    expect(result.valid).toBe(1)
    // Issue 53, bug 6: every field counted (trailing empty ones too); the decimal comma named only where one splits.
    expect(result.errors.map(formatValidationError)).toEqual([
      'line 3: 3 fields, but the header has 4',
      'line 4: 5 fields, but the header has 4 (a comma inside an unquoted value?)',
      'line 5: 7 fields, but the header has 4 (a comma inside an unquoted value?)',
      'line 6: 5 fields, but the header has 4 (an unquoted decimal comma, as in 12,5?)',
    ])
  })

  it('an empty file', async () => {
    const path = join(work, 'empty.csv')
    writeFileSync(path, '')
    const result = await validate(path)
    expect(result.fatal).toBe(true)
    expect(result.errors[0].message).toContain('the file is empty')
  })
})

describe('a 20 MB file (generated here, not committed)', () => {
  it('validates streamed, chunks into 100s with derived customIds', async () => {
    const path = join(work, 'big.csv')
    const out = createWriteStream(path)
    out.write('description,amount,currency,recipientEmail,tags\n')
    let rows = 0
    while (out.bytesWritten + out.writableLength < 5 * 1024 * 1024) {
      let text = ''
      for (let i = 0; i < 1000; i++, rows++)
        text += `"Payout ${rows}, March",${(rows % 900) + 1}.${String(rows % 100).padStart(2, '0')},EUR,user${rows}@example.com,march;video\n`
      if (!out.write(text)) await new Promise<void>(resolve => out.once('drain', () => resolve()))
    }
    await new Promise<void>(resolve => out.end(() => resolve()))
    expect(statSync(path).size).toBeGreaterThanOrEqual(5 * 1024 * 1024)

    const result = await validate(path)
    expect(result).toMatchObject({rows, valid: rows, invalid: 0, errors: []})
    expect(result.withoutCustomId).toBe(rows)
    let expectedMinor = 0n
    for (let i = 0; i < rows; i++) expectedMinor += BigInt(((i % 900) + 1) * 100 + (i % 100))
    expect(result.totals.EUR).toBe(`${expectedMinor / 100n}.${String(expectedMinor % 100n).padStart(2, '0')}`)

    let chunks = 0
    let last: Chunk<unknown> | undefined
    for await (const chunk of readChunks(validatedChunkOptions({schema: v2Schema}, result))) {
      chunks++
      expect(chunk.number).toBe(chunks)
      last = chunk
    }
    expect(chunks).toBe(Math.ceil(rows / 100))
    expect(last?.rows.at(-1)).toMatchObject({derived: true, customId: expect.stringMatching(/^csv-[0-9a-f]{24}$/)})
  }, 120_000)
})
