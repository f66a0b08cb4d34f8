/**
 * How a table fits a terminal: ids and timestamps are never cut (the next command needs them whole), free text
 * (descriptions, names, e-mails, failure reasons) gives way first, then the other columns; when even that cannot
 * fit, the rows are shown one field a line instead (`fitWidths` answers undefined).
 */

import {ID_PREFIXES, isId, isUuid} from '../../contract/primitives.js'

/** Narrowest a column shrinks to: a few characters and the `…` cli-table3 puts where it cuts. */
const MIN_COLUMN = 6

/** How readily a column gives up width: free text first, then the rest; `whole` never. */
export type Give = 'first' | 'then' | 'whole'

/** An opaque id of other services and records (`req_…`, `whk_…`, a delivery id). */
const OPAQUE_ID = /^[a-z]+_[A-Za-z0-9]{12,}$/
const isAnId = (cell: string) => isUuid(cell) || ID_PREFIXES.some(prefix => isId(prefix, cell)) || OPAQUE_ID.test(cell)
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/
const FREE_TEXT = /description|name|recipient|mail|phone|reference|failure|custom|url|tags|holder|reason/i

/** A column of ids or timestamps (every cell one, or `-`) is kept whole; free text by its key gives way first. */
export function giveOf(key: string, cells: string[]): Give {
  const shown = cells.filter(cell => cell !== '-' && cell !== '')
  if (shown.length > 0 && shown.every(cell => isAnId(cell) || TIMESTAMP.test(cell))) return 'whole'
  return FREE_TEXT.test(key) ? 'first' : 'then'
}

/**
 * Column widths (padding included) that fit a terminal of `columns`. A header wider than its column's cells is
 * cut first (no value is lost), then the widest column that may give way loses a character at a time (free text
 * before the rest), so cells are cut with `…` instead of the terminal wrapping a value across lines. Undefined
 * when the columns cannot fit without cutting an id or a timestamp. `content`: each column's widest cell,
 * padding included (default: `natural`).
 */
export function fitWidths(
  natural: number[],
  columns: number | undefined,
  give?: Give[],
  content?: number[],
): number[] | undefined {
  const widths = [...natural]
  if (!columns) return widths
  // The last column's right padding is trimmed from every line.
  const overflow = () => widths.reduce((sum, w) => sum + w, 0) - 2 - columns
  const floors = widths.map((_, i) => Math.max(MIN_COLUMN, content?.[i] ?? natural[i]))
  shrink(widths, overflow, floors)
  for (const tier of ['first', 'then'] as const)
    shrink(
      widths,
      overflow,
      floors.map((_, i) => ((give?.[i] ?? 'then') === tier ? MIN_COLUMN : widths[i])),
    )
  return overflow() > 0 ? undefined : widths
}

/** While `overflow` is positive, the widest column still above its floor loses a character. */
function shrink(widths: number[], overflow: () => number, floors: number[]): void {
  while (overflow() > 0) {
    let widest = -1
    for (let i = 0; i < widths.length; i++)
      if (widths[i] > floors[i] && (widest < 0 || widths[i] > widths[widest])) widest = i
    if (widest < 0) return
    widths[widest]--
  }
}
