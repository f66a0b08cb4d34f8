import {closeSync, openSync, readSync, rmdirSync, unlinkSync} from 'node:fs'
import {mkdtemp, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {StringDecoder} from 'node:string_decoder'
import {writeAllSync} from '../../../shared/sync-write.js'
import type {ParsedRow, RowError} from './import-schema.js'

/**
 * The rows as the validation pass left them, in file order: each a contract-checked request body (with what the
 * totals need) or the reasons it is invalid. The stages after validation (the duplicates' check, the plan, the
 * online checks, sending, import-status) read these, never the CSV again. Up to MEMORY_ROWS rows stay in memory;
 * a bigger file's rows go to a private temporary NDJSON file (memory flat in file size). That file (recipients' names,
 * addresses and amounts) is unlinked as soon as it is open, with its folder: it lives as long as its descriptor, so
 * not even `kill -9` leaves it in TMPDIR. Where a system cannot remove an open file, `close` removes it.
 *
 * A line of that file is a JSON array of up to FLUSH_ROWS rows, each a flat tuple (`encode`): one JSON call per
 * 250 rows and no repeated keys cost a third of one object per line, written and read back. The file is written
 * and read synchronously, READ_BYTES at a time into one buffer: it is in the page cache, and a hand-off to Node's
 * thread pool per read cost a context switch each on a busy machine (a third of a second for 100,000 rows), while
 * a buffer per read raised a long import's peak memory by several MB.
 */

export interface StoredRow {
  line: number
  /** The customId cell, if any. */
  customId?: string
  /** A row the schema accepted: its body and facts (it may still be a duplicate: validate-file.ts decides). */
  row?: ParsedRow<unknown>
  /** Why the schema refused the row, by column. */
  errors?: RowError[]
}

/** Rows kept in memory before they go to a temporary file. */
const MEMORY_ROWS = 10_000

/** Rows per line of the temporary file (about 50 KB: V8 keeps a string that size with the young objects). */
const FLUSH_ROWS = 250

/** Bytes read from the temporary file at a time. */
const READ_BYTES = 256 * 1024

/** A stored row as the temporary file holds it; JSON writes an absent value as null. */
type RowTuple = [
  line: number,
  customId: string | null,
  errors: RowError[] | null,
  rowCustomId: string | null,
  payoutId: string | null,
  amount: string | null,
  currency: string | null,
  /** null: the row has no body (the schema refused it). */
  movesMoney: boolean | null,
  item: unknown,
]

function encode({line, customId, errors, row}: StoredRow): RowTuple {
  if (!row) return [line, customId ?? null, errors ?? null, null, null, null, null, null, null]
  return [
    line,
    customId ?? null,
    errors ?? null,
    row.customId ?? null,
    row.payoutId ?? null,
    row.amount ?? null,
    row.currency ?? null,
    row.movesMoney,
    row.item ?? null,
  ]
}

function decode(tuple: RowTuple): StoredRow {
  const [line, customId, errors, rowCustomId, payoutId, amount, currency, movesMoney, item] = tuple
  const stored: StoredRow = {line}
  if (customId !== null) stored.customId = customId
  if (errors !== null) stored.errors = errors
  if (movesMoney === null) return stored
  const row: ParsedRow<unknown> = {movesMoney}
  if (rowCustomId !== null) row.customId = rowCustomId
  if (payoutId !== null) row.payoutId = payoutId
  if (amount !== null) row.amount = amount
  if (currency !== null) row.currency = currency
  if (item !== null) row.item = item
  stored.row = row
  return stored
}

export class RowStore {
  private memory: StoredRow[] = []
  /** The temporary file's descriptor, and its folder while it could not be removed. */
  private spill?: {fd: number; dir?: string}
  /** Rows added since the last line was written. */
  private pending: RowTuple[] = []
  private count = 0
  private readonly memoryRows: number

  constructor(memoryRows?: number) {
    this.memoryRows = memoryRows ?? MEMORY_ROWS
  }

  get size(): number {
    return this.count
  }

  add(row: StoredRow): void {
    this.count++
    if (this.spill) this.pending.push(encode(row))
    else this.memory.push(row)
  }

  /** Moves the rows to the temporary file once there are too many, and writes every full line. */
  async settle(): Promise<void> {
    if (!this.spill && this.memory.length > this.memoryRows) {
      this.spill = await openSpill()
      this.pending = this.memory.map(encode)
      this.memory = []
    }
    if (this.pending.length >= FLUSH_ROWS) this.flush()
  }

  private flush(): void {
    const spill = this.spill
    if (!spill || !this.pending.length) return
    let text = ''
    for (let at = 0; at < this.pending.length; at += FLUSH_ROWS)
      text += `${JSON.stringify(this.pending.slice(at, at + FLUSH_ROWS))}\n`
    this.pending = []
    writeAllSync(spill.fd, text)
  }

  /** Every row has been added. */
  async finish(): Promise<void> {
    this.flush()
  }

  /** The rows in file order (the store is read as often as a stage asks). */
  async *rows(): AsyncGenerator<StoredRow> {
    if (!this.spill) {
      yield* this.memory
      return
    }
    await this.finish()
    const {fd} = this.spill
    const buffer = Buffer.allocUnsafe(READ_BYTES)
    const decoder = new StringDecoder('utf8')
    // Reads at a position: the file's own offset stays at its end, where rows added later are written.
    let position = 0
    let carry = ''
    for (let read = readSync(fd, buffer, 0, READ_BYTES, position); read > 0; ) {
      position += read
      const text = carry + decoder.write(buffer.subarray(0, read))
      let at = 0
      for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', at)) {
        for (const tuple of JSON.parse(text.slice(at, end)) as RowTuple[]) yield decode(tuple)
        at = end + 1
      }
      carry = text.slice(at)
      read = readSync(fd, buffer, 0, READ_BYTES, position)
    }
  }

  async close(): Promise<void> {
    const spill = this.spill
    this.spill = undefined
    this.memory = []
    this.pending = []
    if (!spill) return
    closeSync(spill.fd)
    if (spill.dir) await rm(spill.dir, {recursive: true, force: true})
  }
}

/** The temporary file, open for writing and reading, its name (and folder) already removed where the system allows. */
async function openSpill(): Promise<{fd: number; dir?: string}> {
  const dir = await mkdtemp(join(tmpdir(), 'payctl-rows-'))
  const path = join(dir, 'rows.ndjson')
  const fd = openSync(path, 'w+', 0o600)
  try {
    unlinkSync(path)
    rmdirSync(dir)
    return {fd}
  } catch {
    return {fd, dir}
  }
}
