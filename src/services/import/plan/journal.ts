import {createHash} from 'node:crypto'
import {once} from 'node:events'
import {createReadStream} from 'node:fs'
import {type FileHandle, mkdir, open} from 'node:fs/promises'
import {basename, dirname, join} from 'node:path'
import {createInterface} from 'node:readline'
import type {ApiGeneration} from '../../../contract/primitives.js'
import {invalidInputError} from '../../../shared/errors.js'
import {refuseUntrustedFile} from '../../../shared/own-file.js'
import {present} from '../../../shared/present.js'
import {notAFile} from '../../../shared/regular-file.js'
import {writeAllSync} from '../../../shared/sync-write.js'
import {errnoCode} from '../../../shared/thrown.js'
import {targetKey} from '../../payouts/target-key.js'

/**
 * The import journal, in the user data dir, one per file name, profile (name and origin) and batch: what
 * payctl knows the service holds for each row it imported from that file. One JSON line per finished
 * chunk, appended as soon as the chunk is done (a line cut short by a crash is ignored: its rows are looked
 * at again on the next run). A re-run compares the file with it, row by row (identity.ts): unchanged rows
 * are skipped, changed ones updated or reported, so resuming and re-importing are one mechanism.
 */

export interface JournalHeader {
  type: 'import'
  version: 2
  file: string
  target: string
  origin: string
  api: ApiGeneration
  /** A digest of the file's valid rows (identity and content, in order) when this run started. */
  rowsDigest: string
  startedAt: string
}

/** What the service holds for one row, as the last run that touched it saw it. */
export interface JournalRow {
  customId: string
  content: string
  line: number
  payoutId?: string
  /** created, updated, present (found on the service with the same content) or conflict. */
  status: 'created' | 'updated' | 'present' | 'conflict'
  /** The follow-up step the payout was created or followed up with. */
  andThen?: string
  /** For a conflict: why (the payout's status, or that it differs). */
  note?: string
  /** Set when the row was derived (the file has no customId for it). */
  derived?: boolean
}

type RowTuple = [string, string, number, string | null, JournalRow['status'], string | null, string | null, 0 | 1]

interface RowsEntry {
  type: 'rows'
  rows: RowTuple[]
  at: string
}

const safeName = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80)

/**
 * `imports/<target>/[<namespace>/]<file name>-<hash of name and batch>.jsonl`: stdin counts as a file named
 * "stdin"; the namespace keeps the journals of each kind of import apart (payouts have none).
 */
function journalPath(dataDir: string, target: string, file: string, batch = '', namespace = ''): string {
  const key = createHash('sha256').update(`${file}\n${batch}`).digest('hex').slice(0, 12)
  return join(dataDir, 'imports', target, namespace, `${safeName(basename(file))}-${key}.jsonl`)
}

/** The journal of `file` (and `batch`) imported into this profile (name and origin), for a kind of import. */
export const profileJournalPath = (
  dataDir: string,
  profile: {name: string; origin: string},
  file: string,
  batch?: string,
  namespace?: string,
): string => journalPath(dataDir, targetKey(profile.name, profile.origin), file, batch, namespace)

const toTuple = (row: JournalRow): RowTuple => [
  row.customId,
  row.content,
  row.line,
  row.payoutId ?? null,
  row.status,
  row.andThen ?? null,
  row.note ?? null,
  row.derived ? 1 : 0,
]

const fromTuple = ([customId, content, line, payoutId, status, andThen, note, derived]: RowTuple): JournalRow => ({
  customId,
  content,
  line,
  payoutId: payoutId ?? undefined,
  status,
  andThen: andThen ?? undefined,
  note: note ?? undefined,
  derived: derived === 1,
})

export class Journal {
  private fd?: FileHandle

  private constructor(
    readonly path: string,
    /** The latest run's header. */
    readonly header: JournalHeader | undefined,
    /**
     * What earlier runs recorded, by customId (the latest entry wins). This run's rows are only appended to the
     * file, not added here: each row is classified before it is sent, so nothing reads them back, and an
     * import's memory stays flat in its size.
     */
    readonly rows: Map<string, JournalRow>,
  ) {}

  /** The journal at `path`; one that is not a file, or that another user owns or can write, is refused. */
  static async load(path: string): Promise<Journal> {
    const problem = await notAFile(path)
    if (problem)
      throw invalidInputError(`the import journal ${path} ${problem}`, [
        'move it away; the import then compares every row with the service',
      ])
    await refuseUntrustedFile(
      path,
      'the import journal',
      'make it and its folder yours and writable by you only (chmod 600 the file, 700 the folder), or move it away: the import then compares every row with the service',
    )
    const input = createReadStream(path, {encoding: 'utf8'})
    try {
      await once(input, 'open')
    } catch (error) {
      if (errnoCode(error) === 'ENOENT') return new Journal(path, undefined, new Map())
      throw error
    }
    let header: JournalHeader | undefined
    const rows = new Map<string, JournalRow>()
    // Line by line: the journal of a big import lists millions of rows.
    for await (const line of createInterface({input, crlfDelay: Number.POSITIVE_INFINITY})) {
      let entry: JournalHeader | RowsEntry
      try {
        entry = JSON.parse(line)
      } catch {
        continue
      }
      if (entry?.type === 'import' && entry.version === 2) header = entry
      else if (entry?.type === 'rows' && Array.isArray(entry.rows))
        for (const tuple of entry.rows) rows.set(tuple[0], fromTuple(tuple))
    }
    return new Journal(path, header, rows)
  }

  private started?: JournalHeader

  /** Opens the journal for appending and writes this run's header. */
  async begin(header: JournalHeader): Promise<void> {
    await mkdir(dirname(this.path), {recursive: true, mode: 0o700})
    this.fd = await open(this.path, 'a', 0o600)
    this.started = header
    await this.append(header)
  }

  /** Records the digest of the whole file once every row was read (a re-run can then tell it apart from an edit). */
  async finish(rowsDigest: string): Promise<void> {
    if (this.started && this.started.rowsDigest !== rowsDigest) await this.append({...this.started, rowsDigest})
  }

  /** Records rows the service now holds; resolves once the line is written (a crash after that keeps it). */
  record(rows: JournalRow[]): Promise<void> {
    if (!rows.length) return Promise.resolve()
    return this.append({type: 'rows', rows: rows.map(toTuple), at: new Date().toISOString()})
  }

  /**
   * One line, written before this returns: a line of a chunk is a few KB appended to the page cache, which a
   * synchronous write does in microseconds, where an asynchronous one hands it to another thread and back (on a
   * busy machine, a context switch per chunk).
   */
  private append(entry: JournalHeader | RowsEntry): Promise<void> {
    try {
      writeAllSync(present(this.fd).fd, `${JSON.stringify(entry)}\n`)
      return Promise.resolve()
    } catch (error) {
      return Promise.reject(error)
    }
  }

  async close(): Promise<void> {
    const fd = this.fd
    this.fd = undefined
    await fd?.close()
  }
}
