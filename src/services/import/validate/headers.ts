import {editDistance} from '../../../shared/edit-distance.js'
import {describeControlCharacter, refusedInCell} from './control-chars.js'

/**
 * Header matching: case-insensitive, ignoring spaces, `_` and `-`, with aliases. Unknown columns are ignored
 * with a warning, unless they look like a typo of a known column (then the file is invalid: a misspelt
 * `tgas` must not silently drop every row's tags).
 */

export interface ColumnSpec {
  /** The canonical name, as in the API body and docs/import.md. */
  name: string
  aliases?: readonly string[]
  required?: boolean
  /** Written by payctl's CSV outputs for reading, not read by the import: skipped without a warning. */
  exportOnly?: boolean
  /** A required column that a file with this other column may leave out. */
  optionalWith?: string
  /** Free text (a description, names, address lines): line breaks and tabs are allowed in its cells. */
  freeText?: boolean
}

export interface HeaderProblem {
  /** The header cell as written in the file (or the canonical name for a missing column). */
  column: string
  message: string
}

export interface HeaderMapping {
  /** Canonical column name -> index of its cell in each record. */
  index: Map<string, number>
  /** The header cell as written in the file, per canonical name (for error messages). */
  label: Map<string, string>
  /** Columns that matched nothing and were not close to a known name. */
  ignored: string[]
  problems: HeaderProblem[]
  /** Number of cells in the header row. */
  width: number
}

export const normalizeHeader = (cell: string): string => cell.toLowerCase().replace(/[\s_-]+/g, '')

/** The longest header name compared with the known ones (longer cells are no typo of a column name). */
const MAX_COMPARED = 40

/** The known column an unknown header is probably a typo of, if any. */
function closestColumn(normalized: string, names: Map<string, ColumnSpec>): ColumnSpec | undefined {
  if (normalized.length < 4 || normalized.length > MAX_COMPARED) return undefined
  let best: {spec: ColumnSpec; distance: number} | undefined
  for (const [name, spec] of names) {
    const allowed = name.length >= 8 ? 2 : 1
    const distance = editDistance(normalized, name, allowed)
    if (distance <= allowed && (!best || distance < best.distance)) best = {spec, distance}
  }
  return best?.spec
}

/** A header cell as shown in messages: long ones cut short. */
export const shown = (cell: string) => (cell.length > 60 ? `${cell.slice(0, 57)}…` : cell)

/** Columns of the other format (v1 vs v2), named so that the error can say which flag fixes it. */
export interface ForeignColumns {
  names: readonly string[]
  hint: string
}

/** Maps the header row of a file onto the schema's columns. */
export function mapHeader(
  cells: readonly string[],
  columns: readonly ColumnSpec[],
  foreign?: ForeignColumns,
): HeaderMapping {
  const foreignNames = new Set(foreign?.names.map(normalizeHeader))
  const names = new Map<string, ColumnSpec>()
  for (const spec of columns) {
    names.set(normalizeHeader(spec.name), spec)
    for (const alias of spec.aliases ?? []) names.set(normalizeHeader(alias), spec)
  }
  const mapping: HeaderMapping = {index: new Map(), label: new Map(), ignored: [], problems: [], width: cells.length}
  cells.forEach((raw, position) => {
    const cell = shown(raw.trim())
    const control = refusedInCell(raw, true)
    if (control) {
      mapping.problems.push({
        column: `#${position + 1}`,
        message: `the header ${describeControlCharacter(control, false)}`,
      })
      return
    }
    const normalized = normalizeHeader(raw)
    // An unnamed column (a trailing delimiter in the header, as spreadsheets write) carries nothing we read.
    if (!normalized) return
    const spec = names.get(normalized)
    if (spec?.exportOnly) return
    if (spec) {
      const earlier = mapping.label.get(spec.name)
      if (earlier !== undefined) {
        mapping.problems.push({
          column: cell,
          message: `column "${cell}" is the same column as "${earlier}" (${spec.name}); keep only one`,
        })
        return
      }
      mapping.index.set(spec.name, position)
      mapping.label.set(spec.name, cell)
      return
    }
    if (foreign && foreignNames.has(normalized)) {
      mapping.problems.push({column: cell, message: `column "${cell}" belongs to the other format; ${foreign.hint}`})
      return
    }
    const typo = closestColumn(normalized, names)
    if (typo) mapping.problems.push({column: cell, message: `unknown column "${cell}"; did you mean ${typo.name}?`})
    else mapping.ignored.push(cell)
  })
  for (const spec of columns) {
    const excused = spec.optionalWith !== undefined && mapping.index.has(spec.optionalWith)
    if (spec.required && !excused && !mapping.index.has(spec.name)) {
      const also = spec.aliases?.length ? ` (or ${spec.aliases.join(', ')})` : ''
      mapping.problems.push({column: spec.name, message: `the required column ${spec.name}${also} is missing`})
    }
  }
  return mapping
}
