import {once} from 'node:events'
import {createReadStream, createWriteStream, type WriteStream} from 'node:fs'
import {mkdtemp, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {createInterface} from 'node:readline'
import type {ParsedRow, RowError} from './import-schema.js'

/**
 * The rows as the validation pass left them, in file order: each a contract-checked request body (with what the
 * totals need) or the reasons it is invalid. The stages after validation (the duplicates' check, the plan, the
 * online checks, sending, import-status) read these, never the CSV again. Up to MEMORY_ROWS rows stay in memory;
 * a bigger file's rows go to a private temporary NDJSON file (memory flat in file size), removed by `close`.
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

export class RowStore {
  private memory: StoredRow[] = []
  private spill?: {dir: string; path: string; stream: WriteStream}
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
    if (this.spill) {
      this.spill.stream.write(`${JSON.stringify(row)}\n`)
      return
    }
    this.memory.push(row)
  }

  /** Moves the rows to the temporary file once there are too many, and waits while it is behind. */
  async settle(): Promise<void> {
    if (!this.spill && this.memory.length > this.memoryRows) {
      const dir = await mkdtemp(join(tmpdir(), 'payctl-rows-'))
      const path = join(dir, 'rows.ndjson')
      this.spill = {dir, path, stream: createWriteStream(path, {mode: 0o600})}
      const held = this.memory
      this.memory = []
      this.spill.stream.write(`${held.map(row => JSON.stringify(row)).join('\n')}\n`)
    }
    if (this.spill?.stream.writableNeedDrain) await once(this.spill.stream, 'drain')
  }

  /** Every row has been added. */
  async finish(): Promise<void> {
    const stream = this.spill?.stream
    if (stream && !stream.writableFinished)
      await new Promise<void>((resolve, reject) => stream.end(resolve).once('error', reject))
  }

  /** The rows in file order (the store is read as often as a stage asks). */
  async *rows(): AsyncGenerator<StoredRow> {
    if (!this.spill) {
      yield* this.memory
      return
    }
    await this.finish()
    const input = createReadStream(this.spill.path, {encoding: 'utf8', highWaterMark: 256 * 1024})
    try {
      for await (const line of createInterface({input, crlfDelay: Number.POSITIVE_INFINITY}))
        if (line) yield JSON.parse(line) as StoredRow
    } finally {
      input.destroy()
    }
  }

  async close(): Promise<void> {
    const spill = this.spill
    this.spill = undefined
    this.memory = []
    if (!spill) return
    spill.stream.destroy()
    await rm(spill.dir, {recursive: true, force: true})
  }
}
