import {once} from 'node:events'
import {createReadStream, createWriteStream, type WriteStream} from 'node:fs'
import {mkdir} from 'node:fs/promises'
import {join} from 'node:path'
import {createInterface} from 'node:readline'

/**
 * The import journal, in the user data dir, keyed by the file's hash and the target profile: one JSON line
 * per finished chunk, appended as soon as the chunk is done. A re-run of the same file against the same
 * profile (after a crash, Ctrl-C or exit 7) reads it and sends only the chunks it does not list. A line cut
 * short by a crash is ignored: that chunk is sent again, with the same idempotency key, and replayed.
 */

/** What must not change between a run and its resumption: these decide the chunks and their bodies. */
export interface JournalOptions {
  api: 'v1' | 'v2'
  andThen?: string
  skipInvalid: boolean
  decimalComma: boolean
  encoding: string
  delimiter: string
}

export interface JournalHeader {
  type: 'import'
  version: 1
  file: string
  fileHash: string
  target: string
  origin: string
  options: JournalOptions
  chunks: number
  startedAt: string
}

export interface ChunkEntry {
  type: 'chunk'
  chunk: number
  created: number
  updated: number
  /** Payout id per row of the chunk, in order (for the report of a resumed run). */
  ids: string[]
  at: string
}

export const journalPath = (dataDir: string, fileHash: string, target: string) =>
  join(dataDir, 'imports', `${fileHash.slice(0, 32)}-${target}.jsonl`)

export function optionsDiffer(a: JournalOptions, b: JournalOptions): string[] {
  const keys = Object.keys({...a, ...b}) as Array<keyof JournalOptions>
  return keys.filter(key => (a[key] ?? null) !== (b[key] ?? null))
}

export class Journal {
  private stream?: WriteStream

  private constructor(
    readonly path: string,
    readonly header: JournalHeader | undefined,
    readonly done: Map<number, ChunkEntry>,
  ) {}

  /**
   * Reads the journal of an earlier run, if there is one. The payout ids of finished chunks are kept only
   * when asked (`keepIds`, for a report), so that resuming a huge import stays small.
   */
  static async load(path: string, keepIds = false): Promise<Journal> {
    const input = createReadStream(path, {encoding: 'utf8'})
    try {
      await once(input, 'open')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Journal(path, undefined, new Map())
      throw error
    }
    let header: JournalHeader | undefined
    const done = new Map<number, ChunkEntry>()
    // Line by line: the journal of a big import lists millions of payout ids.
    for await (const line of createInterface({input, crlfDelay: Number.POSITIVE_INFINITY})) {
      if (!line.trim()) continue
      let entry: JournalHeader | ChunkEntry
      try {
        entry = JSON.parse(line)
      } catch {
        continue
      }
      if (entry.type === 'import' && !header) header = entry
      else if (entry.type === 'chunk' && Number.isInteger(entry.chunk))
        done.set(entry.chunk, keepIds ? entry : {...entry, ids: []})
    }
    return new Journal(path, header, header ? done : new Map())
  }

  /** Finished by an earlier run. */
  isDone(chunk: number): boolean {
    return this.done.has(chunk)
  }

  /** Opens the journal for appending; writes the header line of a new import. */
  async begin(header: JournalHeader): Promise<void> {
    await mkdir(join(this.path, '..'), {recursive: true})
    this.stream = createWriteStream(this.path, {flags: 'a', mode: 0o600})
    await once(this.stream, 'open')
    if (!this.header) await this.append(header)
  }

  /** Records a finished chunk; resolves once the line is written. (`done` keeps describing the earlier run.) */
  record(entry: Omit<ChunkEntry, 'type' | 'at'>): Promise<void> {
    return this.append({type: 'chunk', ...entry, at: new Date().toISOString()})
  }

  /** Appends one line; resolves once it is written (a crash after that keeps it). */
  private append(entry: JournalHeader | ChunkEntry): Promise<void> {
    const text = `${JSON.stringify(entry)}\n`
    return new Promise((resolve, reject) => this.stream!.write(text, error => (error ? reject(error) : resolve())))
  }

  async close(): Promise<void> {
    const stream = this.stream
    this.stream = undefined
    if (stream) await new Promise<void>(resolve => stream.end(resolve))
  }
}
