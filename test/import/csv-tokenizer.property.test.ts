import {parse} from 'csv-parse/sync'
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {CsvTokenError, CsvTokenizer} from '../../src/services/import/read/csv-tokenizer.js'

/**
 * The import's tokenizer reads CSV as csv-parse does with the import's options: over generated texts made of
 * delimiters, quotes, line ends of every kind, spaces, a byte-order mark and letters, cut into chunks anywhere, both
 * give the same records and the same count of empty lines, or fail with the same error code (the records before it
 * included). A fixed seed and a bounded number of texts (FUZZ_SEED replays another seed).
 */

const SEED = Number(process.env.FUZZ_SEED ?? 41)
const MAX = 40

type Outcome = {records: string[][]; emptyLines?: number; error?: string}

function byCsvParse(text: string, delimiter: string): Outcome {
  try {
    const rows = parse(text, {
      delimiter,
      bom: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: MAX,
      info: true,
    }) as unknown as {record: string[]; info: {empty_lines: number}}[]
    // The empty lines skipped before the last record (as the tokenizer counts them when it emits that record).
    return {records: rows.map(row => row.record), emptyLines: rows.at(-1)?.info.empty_lines ?? 0}
  } catch (error) {
    return {records: [], error: (error as {code?: string}).code}
  }
}

function byTokenizer(text: string, delimiter: string, cuts: number[]): Outcome {
  const tokenizer = new CsvTokenizer(delimiter, MAX)
  const records: string[][] = []
  let emptyLines = 0
  const emit = (cells: string[]) => {
    records.push(cells)
    emptyLines = tokenizer.emptyLines
  }
  try {
    let from = 0
    for (const cut of [...cuts, text.length]) {
      tokenizer.write(text.slice(from, Math.max(from, cut)), emit)
      from = Math.max(from, cut)
    }
    tokenizer.end(emit)
    return {records, emptyLines}
  } catch (error) {
    if (!(error instanceof CsvTokenError)) throw error
    return {records: [], error: error.code}
  }
}

const piece = fc.constantFrom(',', ';', '\t', '"', '""', '\n', '\r', '\r\n', ' ', 'a', 'bc', 'é', '😀', '\ufeff')
const text = fc.oneof(
  fc.array(piece, {maxLength: 30}).map(parts => parts.join('')),
  // Mostly well-formed rows, so that long runs of records are compared too.
  fc
    .array(fc.array(fc.constantFrom('a', 'x y', '"q,1"', '"a""b"', '', '"l\nm"', '"r\r\n"'), {maxLength: 5}), {
      maxLength: 6,
    })
    .chain(rows => fc.constantFrom('\n', '\r\n', '\r').map(end => rows.map(cells => cells.join(',')).join(end))),
)
const sample = fc.record({
  bom: fc.boolean(),
  body: text,
  delimiter: fc.constantFrom(',', ';', '\t'),
  cuts: fc.array(fc.nat({max: 80}), {maxLength: 4}).map(cuts => cuts.sort((a, b) => a - b)),
})

describe('the import tokenizer reads CSV as csv-parse does', () => {
  it('over 3,000 generated texts, in chunks cut anywhere', () => {
    let failed = 0
    fc.assert(
      fc.property(sample, ({bom, body, delimiter, cuts}) => {
        const input = (bom ? '\ufeff' : '') + body
        const expected = byCsvParse(input, delimiter)
        const actual = byTokenizer(input, delimiter, cuts)
        if (expected.error) {
          failed++
          expect(actual.error).toBe(expected.error)
        } else expect(actual).toEqual(expected)
      }),
      {seed: SEED, numRuns: 3000},
    )
    // Both outcomes are common among the texts.
    expect(failed).toBeGreaterThan(300)
    expect(failed).toBeLessThan(2700)
  })

  it('a record longer than the limit fails, wherever the chunks are cut', () => {
    const fits = `${'x'.repeat(MAX + 1)}\n`
    expect(byCsvParse(fits, ',').error).toBeUndefined()
    expect(byTokenizer(fits, ',', [10, 20]).error).toBeUndefined()
    const long = `${'x'.repeat(MAX / 2)},${'x'.repeat(MAX / 2 + 2)}\n`
    expect(byCsvParse(long, ',').error).toBe('CSV_MAX_RECORD_SIZE')
    expect(byTokenizer(long, ',', [10, 20]).error).toBe('CSV_MAX_RECORD_SIZE')
    expect(byTokenizer(`"${'x'.repeat(MAX + 5)}`, ',', [7]).error).toBe('CSV_MAX_RECORD_SIZE')
  })
})
