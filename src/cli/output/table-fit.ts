/**
 * How a table fits a terminal: ids and timestamps are never cut (the next command needs them whole), free text
 * (descriptions, failure reasons) gives way first, then the other columns; names, e-mails and URLs are kept whole
 * too. When even that cannot fit, the columns a command marks `drop` are left out, the least important first;
 * when that is not enough either, the rows are shown one field a line instead (`fitColumns` answers undefined).
 */

import {ID_PREFIXES, isId, isUuid} from '../../contract/primitives.js'

/** Narrowest a column shrinks to: a few characters and the `…` cli-table3 puts where it cuts. */
const MIN_COLUMN = 6
/**
 * Narrowest free text shrinks to before a column is dropped or another cut instead: enough to tell rows apart, and
 * small enough that `payouts list` (id, status, amount, description) fits 80 columns with its status whole.
 */
const MIN_FREE_TEXT = 12

/** How readily a column gives up width: free text first, then the rest; `whole` never. */
export type Give = 'first' | 'then' | 'whole'

/** An opaque id of other services and records (`req_…`, `whk_…`, a delivery id). */
const OPAQUE_ID = /^[a-z]+_[A-Za-z0-9]{12,}$/
const isAnId = (cell: string) => isUuid(cell) || ID_PREFIXES.some(prefix => isId(prefix, cell)) || OPAQUE_ID.test(cell)
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/
/** Names, addresses and URLs: a person copies them, so they are never cut either. */
const NAMES = /name|recipient|mail|phone|custom|url|origin|holder/i
const FREE_TEXT = /description|reference|failure|tags|reason|credentials/i

/**
 * A column of ids or timestamps (every cell one, or `-`), or of names, addresses and URLs, is kept whole; free
 * text by its key gives way first.
 */
export function giveOf(key: string, cells: string[]): Give {
  const shown = cells.filter(cell => cell !== '-' && cell !== '')
  if (shown.length > 0 && shown.every(cell => isAnId(cell) || TIMESTAMP.test(cell))) return 'whole'
  if (NAMES.test(key)) return 'whole'
  return FREE_TEXT.test(key) ? 'first' : 'then'
}

/**
 * The columns a table keeps on a terminal of `columns`, with their widths: when the table does not fit, the
 * column with the highest `drop` is left out, then the next, until it fits; undefined when it cannot fit even
 * with every droppable column left out (the rows are then shown one field a line).
 */
export function fitColumns(
  natural: number[],
  columns: number | undefined,
  give: Give[],
  content: number[],
  drop: Array<number | undefined>,
  headings?: number[],
): {kept: number[]; widths: number[]} | undefined {
  const kept = natural.map((_, i) => i)
  const tryFit = (tiers: (g: Give) => Give) => {
    const widths = fitWidths(
      kept.map(i => natural[i]),
      columns,
      kept.map(i => tiers(give[i])),
      kept.map(i => content[i]),
      headings && kept.map(i => headings[i]),
    )
    return widths && {kept, widths}
  }
  const dropped: number[] = []
  // Free text gives way, then a column is dropped; other columns are cut only when nothing is left to drop.
  let fitted = tryFit(keepWhole)
  while (!fitted) {
    const droppable = kept.filter(i => drop[i] !== undefined)
    if (droppable.length === 0) return tryFit(g => g)
    const next = droppable.reduce((a, b) => ((drop[b] ?? 0) > (drop[a] ?? 0) ? b : a))
    kept.splice(kept.indexOf(next), 1)
    dropped.unshift(next)
    fitted = tryFit(keepWhole)
  }
  // A column dropped on the way may fit again once a wider one is gone: the most important first.
  for (const index of dropped) {
    kept.push(index)
    kept.sort((a, b) => a - b)
    const again = tryFit(keepWhole)
    if (again) fitted = again
    else kept.splice(kept.indexOf(index), 1)
  }
  return tryFit(keepWhole)
}

const keepWhole = (give: Give): Give => (give === 'then' ? 'whole' : give)

/**
 * Column widths (padding included) that fit a terminal of `columns`. A header wider than its column's cells gives
 * way first, folding at its spaces down to its longest word (no value is lost; `content` counts that word), then
 * the widest column that may give way loses a character at a time (free text before the rest), so cells are cut
 * with `…` instead of the terminal wrapping a value across lines. Undefined when the columns cannot fit without
 * cutting an id or a timestamp. `content`: each column's widest cell or header word, padding included (default:
 * `natural`); `headings`: each header's longest word, padding included, which free text never cuts.
 */
export function fitWidths(
  natural: number[],
  columns: number | undefined,
  give?: Give[],
  content?: number[],
  headings?: number[],
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
      floors.map((_, i) => ((give?.[i] ?? 'then') === tier ? minimum(tier, widths[i], headings?.[i]) : widths[i])),
    )
  return overflow() > 0 ? undefined : widths
}

const minimum = (tier: Give, width: number, heading = 0) =>
  tier === 'first' ? Math.min(width, Math.max(MIN_FREE_TEXT, heading)) : MIN_COLUMN

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
