import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import fc from 'fast-check'
import iconv from 'iconv-lite'
import {afterAll, describe, expect, it} from 'vitest'
import {effectiveEncoding} from '../../src/services/import/read/decode.js'
import {type CsvRecord, MAX_RECORD_BYTES, readRecords} from '../../src/services/import/read/records.js'
import {mapHeader, normalizeHeader} from '../../src/services/import/validate/headers.js'
import type {RowSchema} from '../../src/services/import/validate/import-schema.js'
import {v2Schema} from '../../src/services/import/validate/import-schema-v2.js'
import {validateFile} from '../../src/services/import/validate/validate-file.js'
import {editDistance} from '../../src/shared/edit-distance.js'

/**
 * Property-based tests of CSV reading and header matching: whatever the bytes, reading ends with records or
 * one located error, never a crash or a hang; what a CSV writer quotes is read back exactly; header matching
 * is bounded whatever the header. Case counts are fixed (RUNS) so the suite's time stays bounded.
 */

const RUNS = {roundTrip: 150, bytes: 150, encodings: 60, controls: 60, headers: 300, distance: 500}

const work = mkdtempSync(join(tmpdir(), 'payctl-fuzz-'))
afterAll(() => rmSync(work, {recursive: true, force: true}))
let files = 0
const file = (content: string | Buffer) => {
  const path = join(work, `${++files}.csv`)
  writeFileSync(path, content)
  return path
}

async function read(path: string, delimiter?: ',' | ';' | '\t'): Promise<CsvRecord[]> {
  const reader = await readRecords({path, encoding: 'utf8', delimiter})
  const records: CsvRecord[] = []
  for await (const batch of reader.batches) records.push(...batch)
  return records
}

const quote = (cell: string) => `"${cell.replaceAll('"', '""')}"`
/** A CSV writer as spreadsheets are: quotes only where needed (or everywhere). */
function writeCsv(rows: string[][], delimiter: string, eol: string, quoteAll: boolean): string {
  const needs = new RegExp(`["\\r\\n${delimiter === '\t' ? '\\t' : delimiter}]|^\\s|\\s$`)
  return (
    rows.map(row => row.map(cell => (quoteAll || needs.test(cell) ? quote(cell) : cell)).join(delimiter)).join(eol) +
    eol
  )
}

/** Text cells without control characters other than line breaks and tab (a writer's cells). */
const cellArb = fc.oneof(
  fc.string({unit: 'grapheme', maxLength: 12}),
  fc.stringMatching(/^[a-z ,;"\t\n]{0,10}$/),
  fc.constantFrom('', '""', '12.50', 'a,b', 'line\r\nbreak'),
)

describe('CSV reading (property-based)', () => {
  it('reads back exactly what a CSV writer wrote: any delimiter, line ending, quoting, BOM', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .integer({min: 1, max: 5})
          .chain(width =>
            fc.array(fc.array(cellArb, {minLength: width, maxLength: width}), {minLength: 1, maxLength: 8}),
          ),
        fc.constantFrom(',', ';', '\t'),
        fc.constantFrom('\n', '\r\n'),
        fc.boolean(),
        fc.boolean(),
        async (rows, delimiter, eol, quoteAll, bom) => {
          // A first cell that is non-blank keeps every record (blank records are skipped by design).
          const data = rows.map((row, i) => [`r${i}`, ...row])
          const path = file((bom ? '\ufeff' : '') + writeCsv(data, delimiter, eol, quoteAll))
          const records = await read(path, delimiter as ',')
          expect(records.map(r => r.cells)).toEqual(data)
          expect(records[0].line).toBe(1)
          for (let i = 1; i < records.length; i++) expect(records[i].line).toBeGreaterThan(records[i - 1].line)
        },
      ),
      {numRuns: RUNS.roundTrip},
    )
  })

  it('any bytes: validation ends with a result (or located errors), never a crash', async () => {
    const schema = v2Schema as RowSchema<unknown>
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uint8Array({maxLength: 400}),
          fc.string({maxLength: 300}).map(text => Buffer.from(`customId,description,amount,currency,email\n${text}`)),
        ),
        async bytes => {
          const result = await validateFile({
            path: file(Buffer.from(bytes)),
            schema,
            schemaOptions: {decimalComma: false},
            encoding: 'utf8',
          })
          expect(result.valid + result.invalid).toBe(result.rows)
          for (const error of result.errors) {
            expect(error.line).toBeGreaterThanOrEqual(1)
            expect(error.message.length).toBeLessThan(400)
          }
          if (result.fatal) expect(result.errors.length).toBeGreaterThan(0)
        },
      ),
      {numRuns: RUNS.bytes},
    )
  })

  it('UTF-16 and UTF-32, with or without a byte-order mark, are recognised', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[A-Za-z0-9 ,.;@äöüé€-]{1,30}$/), {minLength: 2, maxLength: 6}),
        fc.constantFrom('utf-16le', 'utf-16be', 'utf-32le', 'utf-32be'),
        fc.boolean(),
        (lines, encoding, bom) => {
          const text = `customId,description\n${lines.join('\n')}\n`
          const bytes = iconv.encode(text, encoding, {addBOM: bom})
          const found = effectiveEncoding(bytes, 'utf8')
          // A UTF-16 byte-order mark says the byte order itself: iconv-lite's "utf-16" reads it.
          expect(found).toBe(bom && encoding.startsWith('utf-16') ? 'utf-16' : encoding)
          expect(iconv.decode(bytes, found)).toBe(text)
        },
      ),
      {numRuns: RUNS.encodings},
    )
  })

  it('a control character anywhere in a row makes that row invalid, naming its line and column', async () => {
    const schema = v2Schema as RowSchema<unknown>
    const header = ['customId', 'description', 'amount', 'currency', 'email']
    const row = ['c-1', 'March royalties', '12.50', 'EUR', 'a@example.com']
    await fc.assert(
      fc.asyncProperty(
        fc.integer({min: 0, max: 4}),
        fc.nat(),
        fc.constantFrom(...'\u0000\u0001\u0007\u0008\u000b\u000c\u001b\u001f\u007f'),
        async (column, position, control) => {
          const cells = ['c-2', ...row.slice(1)]
          const at = position % (cells[column].length + 1)
          cells[column] = cells[column].slice(0, at) + control + cells[column].slice(at)
          const path = file(`${header.join(',')}\n${row.join(',')}\n${cells.join(',')}\n`)
          const result = await validateFile({path, schema, schemaOptions: {decimalComma: false}, encoding: 'utf8'})
          expect(result).toMatchObject({rows: 2, valid: 1, invalid: 1})
          expect(result.errors[0]).toMatchObject({line: 3, column: header[column]})
          expect(result.errors[0].message).toContain(`at character ${at + 1}`)
        },
      ),
      {numRuns: RUNS.controls},
    )
  })

  it('refuses a record longer than the limit, naming its line', async () => {
    const path = file(`customId,description\nx,ok\ny,${'z'.repeat(MAX_RECORD_BYTES + 10)}\n`)
    await expect(read(path)).rejects.toMatchObject({line: 3, message: expect.stringContaining('65,536 bytes')})
  })
})

/** The unbounded distance, as a full matrix: the reference for the bounded one. */
function referenceDistance(a: string, b: string): number {
  const d = Array.from({length: a.length + 1}, (_, i) =>
    Array.from({length: b.length + 1}, (_, j) => (i ? (j ? 0 : i) : j)),
  )
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1)
    }
  return d[a.length][b.length]
}

describe('header matching (property-based)', () => {
  it('the bounded edit distance equals the full one up to the bound', () => {
    const word = fc.stringMatching(/^[abcde]{0,12}$/)
    fc.assert(
      fc.property(word, word, fc.integer({min: 0, max: 4}), (a, b, max) => {
        const exact = referenceDistance(a, b)
        expect(editDistance(a, b)).toBe(exact)
        expect(editDistance(a, b, max)).toBe(Math.min(exact, max + 1))
        expect(editDistance(b, a, max)).toBe(editDistance(a, b, max))
      }),
      {numRuns: RUNS.distance},
    )
  })

  it('a known column, however it is cased and spaced, maps to itself; anything else never throws', () => {
    const names = v2Schema.columns.filter(c => !c.exportOnly).flatMap(c => [c.name, ...(c.aliases ?? [])])
    const decorate = fc
      .tuple(fc.constantFrom(...names), fc.array(fc.constantFrom(' ', '_', '-'), {maxLength: 3}), fc.boolean())
      .map(([name, extra, upper]) => `${extra.join('')}${upper ? name.toUpperCase() : name}${extra.join('')}`)
    fc.assert(
      fc.property(decorate, fc.array(fc.string({maxLength: 50}), {maxLength: 6}), (known, others) => {
        const mapping = mapHeader([known, ...others], v2Schema.columns, v2Schema.foreign)
        const spec = v2Schema.columns.find(c =>
          [c.name, ...(c.aliases ?? [])].some(n => normalizeHeader(n) === normalizeHeader(known)),
        )!
        expect(mapping.index.get(spec.name)).toBe(0)
        for (const problem of mapping.problems) expect(problem.column.length).toBeLessThanOrEqual(60)
      }),
      {numRuns: RUNS.headers},
    )
  })

  it('a header cell of 1 MB is matched at once (no quadratic work)', () => {
    const huge = 'descriptiom'.repeat(100_000)
    const mapping = mapHeader([huge, 'description', 'amount', 'currency', 'email'], v2Schema.columns)
    expect(mapping.ignored).toEqual([`${huge.slice(0, 57)}…`])
    expect(mapping.problems).toEqual([])
  })
})
