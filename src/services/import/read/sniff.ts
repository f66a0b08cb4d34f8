import {parse} from 'csv-parse/sync'

/**
 * Delimiter sniffing among `,` `;` and tab: the first lines of the file are parsed with each candidate (by
 * csv-parse itself, so quoted fields count right) and the one giving the widest header that the following
 * records agree with wins. A file where no candidate splits the header reads as `,`.
 */

export const DELIMITERS = {comma: ',', semicolon: ';', tab: '\t'} as const
export type Delimiter = (typeof DELIMITERS)[keyof typeof DELIMITERS]

const CANDIDATES: Delimiter[] = [',', ';', '\t']
const SAMPLE_LINES = 20

/** `--delimiter` values: the character itself, `tab`/`\t`, or a name. */
export function parseDelimiterFlag(value: string): Delimiter | undefined {
  const named = (DELIMITERS as Record<string, Delimiter>)[value.toLowerCase()]
  if (named) return named
  if (value === '\\t' || value === '\t') return '\t'
  return CANDIDATES.find(candidate => candidate === value)
}

function score(sample: string, delimiter: Delimiter): [consistent: number, width: number] {
  let records: string[][]
  try {
    records = parse(sample, {
      delimiter,
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      to_line: SAMPLE_LINES,
    })
  } catch {
    return [0, 0]
  }
  const width = records[0]?.length ?? 0
  if (width < 2) return [0, width]
  return [records.filter(record => record.length === width).length, width]
}

/** Picks the delimiter from the start of the file (decoded text; a partial last line is dropped). */
export function sniffDelimiter(sample: string): Delimiter {
  const cut = sample.lastIndexOf('\n')
  const text = cut > 0 ? sample.slice(0, cut + 1) : sample
  let best: {delimiter: Delimiter; consistent: number; width: number} = {delimiter: ',', consistent: 0, width: 0}
  for (const delimiter of CANDIDATES) {
    const [consistent, width] = score(text, delimiter)
    if (consistent > best.consistent || (consistent === best.consistent && width > best.width && consistent > 0))
      best = {delimiter, consistent, width}
  }
  return best.delimiter
}
