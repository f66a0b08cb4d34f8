import {createHash} from 'node:crypto'
import type {ChunkOptions, RowClassifier} from '../send/chunks.js'
import {fileRows} from '../send/chunks.js'
import type {Journal, JournalRow} from './journal.js'

/**
 * The planning step of an import: what each row of the file needs, compared with the journal of earlier
 * imports of the same file into the same profile. A row the journal knows with the same content needs
 * nothing (unchanged; or a conflict reported earlier); with other content it needs comparing with its
 * payout (update); a row it does not know is created; a row imported without this run's --and-then gets
 * it (follow-up). Rows of the journal the file no longer has are "removed" (listed, never deleted).
 */

/** At most this many lines are listed per kind of difference. */
const LISTED = 20

export type LineList = {
  count: number
  /** The first LISTED lines. */
  lines: number[]
}

export type ImportDiff = {
  unchanged: number
  added: LineList
  changed: LineList
  /** Lines as the earlier import saw them. */
  removed: LineList
  /** Added or removed rows without customId: payctl cannot tell an edit from a new payout. */
  derivedAdded: number
  derivedRemoved: number
}

export interface ImportPlan {
  classify: RowClassifier
  /** Rows that need sending (created, updated, followed up), when the file was compared with the journal. */
  work?: number
  /** Set when the journal knows rows of this file and the file is not the one it last saw. */
  diff?: ImportDiff
  /** The digest of the file's valid rows (identity and content, in order), when it was computed. */
  rowsDigest?: string
  /** The journal's file, and the rows it holds from earlier imports of this file. */
  journal: string
  importedBefore: number
  /** The import refuses the file (exit 5): rows without customId were added or removed (refusesDerivedEdits). */
  refused: boolean
}

const lineList = (): LineList => ({count: 0, lines: []})
const push = (list: LineList, line: number) => {
  list.count++
  if (list.lines.length < LISTED) list.lines.push(line)
}

export function classifier(journal: Journal, andThen: string | undefined): RowClassifier {
  return row => {
    const previous = journal.rows.get(row.customId)
    if (!previous) return {action: 'create'}
    if (previous.content !== row.content) return {action: 'update', previous}
    if (previous.status === 'conflict')
      return {settled: {customId: row.customId, payoutId: previous.payoutId, status: 'conflict', error: previous.note}}
    if (andThen && previous.andThen !== andThen) return {action: 'follow-up', previous}
    return {settled: {customId: row.customId, payoutId: previous.payoutId, status: 'unchanged'}}
  }
}

/** Digests rows in order: the same file (whatever its bytes) gives the same digest. */
export function rowsDigester() {
  const hash = createHash('sha256')
  return {
    add: (row: {customId: string; content: string}) => hash.update(`${row.customId}\t${row.content}\n`),
    digest: () => hash.digest('hex').slice(0, 32),
  }
}

/** Reads the file once more (only when the journal knows rows of it) to compare it with the journal. */
export async function planImport<Item>(
  options: ChunkOptions<Item>,
  journal: Journal,
  andThen: string | undefined,
): Promise<ImportPlan> {
  const classify = classifier(journal, andThen)
  const known = {journal: journal.path, importedBefore: journal.rows.size}
  if (!journal.rows.size) return {classify, ...known, refused: false}
  const digester = rowsDigester()
  const diff: ImportDiff = {
    unchanged: 0,
    added: lineList(),
    changed: lineList(),
    removed: lineList(),
    derivedAdded: 0,
    derivedRemoved: 0,
  }
  const seen = new Set<string>()
  let work = 0
  for await (const entry of fileRows(options)) {
    if (entry.kind === 'invalid') continue
    const row = entry.row
    digester.add(row)
    seen.add(row.customId)
    if (!('settled' in classify(row))) work++
    const previous = journal.rows.get(row.customId)
    if (!previous) {
      push(diff.added, row.line)
      if (row.derived) diff.derivedAdded++
    } else if (previous.content !== row.content) push(diff.changed, row.line)
    else diff.unchanged++
  }
  for (const previous of journal.rows.values()) if (!seen.has(previous.customId)) removedRow(diff, previous)
  diff.removed.lines.sort((a, b) => a - b)
  const rowsDigest = digester.digest()
  // A first run that did not finish recorded no digest: rows it did not reach are not "added".
  const unfinished = !journal.header?.rowsDigest && !diff.changed.count && !diff.removed.count
  const same = unfinished || journal.header?.rowsDigest === rowsDigest
  const changed = same ? undefined : diff
  return {classify, work, rowsDigest, diff: changed, ...known, refused: refusesDerivedEdits(changed, journal)}
}

function removedRow(diff: ImportDiff, previous: JournalRow): void {
  push(diff.removed, previous.line)
  if (previous.derived) diff.derivedRemoved++
}

/**
 * Whether the file may be sent as it is: rows without customId that were added or removed since the last
 * import of this file cannot be told from edits (an edited row would become a second payout). A first run
 * that did not finish (no digest yet) may have left rows unsent: only removed rows count then.
 */
function refusesDerivedEdits(diff: ImportDiff | undefined, journal: Journal): boolean {
  if (!diff) return false
  const finished = Boolean(journal.header?.rowsDigest)
  return diff.derivedRemoved > 0 || (finished && diff.derivedAdded > 0)
}
