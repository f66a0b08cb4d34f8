import {ALLOWED, CONFUSABLES} from './unicode-security-data.js'

/**
 * Two pieces of Unicode's security mechanisms (UTS #39), from Unicode's own data (unicode-security-data.ts, made by
 * scripts/unicode-security.js): the confusable skeleton (section 4), which maps a text to the characters it could
 * be mistaken for (`раураl` and `paypal` have one skeleton), and Identifier_Status=Allowed (section 3.1, the
 * General Security Profile: the characters words of a living language are written with; `ᴀ`, `ɑ` are not). The
 * tables are read on the first check, not when the module loads.
 */

let prototypes: Map<number, string> | undefined
/** First and last code point of each Allowed range, in order. */
let allowedRanges: Uint32Array | undefined

function prototypeTable(): Map<number, string> {
  if (prototypes) return prototypes
  const table = new Map<number, string>()
  let source = 0
  for (const cell of CONFUSABLES.split(',')) {
    const [delta, target] = cell.split(':')
    source += Number.parseInt(delta, 36)
    table.set(source, String.fromCodePoint(...target.split('.').map(point => Number.parseInt(point, 36))))
  }
  prototypes = table
  return table
}

function allowedTable(): Uint32Array {
  if (allowedRanges) return allowedRanges
  const cells = ALLOWED.split(',')
  const ranges = new Uint32Array(cells.length * 2)
  let end = 0
  cells.forEach((cell, i) => {
    const [delta, length] = cell.split('+').map(part => Number.parseInt(part, 36))
    ranges[2 * i] = end + delta
    end = end + delta + length
    ranges[2 * i + 1] = end
  })
  allowedRanges = ranges
  return ranges
}

const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu

/**
 * UTS #39's skeleton: the text in NFD without default-ignorable characters, each character replaced by its
 * prototype, in NFD again. Two texts are confusable when their skeletons are equal.
 */
export function skeleton(text: string): string {
  const table = prototypeTable()
  let out = ''
  for (const char of text.normalize('NFD').replace(DEFAULT_IGNORABLE, ''))
    out += table.get(char.codePointAt(0) ?? 0) ?? char
  return out.normalize('NFD')
}

/** Whether a character has Identifier_Status=Allowed (UTS #39 section 3.1). */
export function isAllowedCharacter(char: string): boolean {
  const point = char.codePointAt(0) ?? 0
  const ranges = allowedTable()
  let low = 0
  let high = ranges.length / 2 - 1
  while (low <= high) {
    const middle = (low + high) >> 1
    if (point < ranges[2 * middle]) high = middle - 1
    else if (point > ranges[2 * middle + 1]) low = middle + 1
    else return true
  }
  return false
}
