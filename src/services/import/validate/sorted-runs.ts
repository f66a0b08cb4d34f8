import {closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {present} from '../../../shared/present.js'

/**
 * An external sort of numbers (the customId fingerprints of duplicates.ts): sorted runs written to one
 * temporary file, then merged with the run still in memory, in ascending order, through small read buffers.
 */

/** Values read at once from the spilled runs, shared between them while merging. */
const MERGE_BUFFER = 64 * 1024
const BYTES = Float64Array.BYTES_PER_ELEMENT

/** Sorted runs in one temporary file (deleted at once where the system allows: a crash leaves nothing). */
export class SpilledRuns {
  private readonly dir = mkdtempSync(join(tmpdir(), 'payctl-ids-'))
  private readonly fd: number
  /** Each run's length, in file order. */
  readonly lengths: number[] = []
  private written = 0

  constructor() {
    const path = join(this.dir, 'runs')
    this.fd = openSync(path, 'w+', 0o600)
    try {
      rmSync(this.dir, {recursive: true, force: true})
    } catch {
      // Windows keeps an open file: close() removes it.
    }
  }

  write(sorted: Float64Array): void {
    const bytes = new Uint8Array(sorted.buffer, sorted.byteOffset, sorted.length * BYTES)
    const offset = this.written * BYTES
    for (let done = 0; done < bytes.length; )
      done += writeSync(this.fd, bytes, done, bytes.length - done, offset + done)
    this.lengths.push(sorted.length)
    this.written += sorted.length
  }

  /** Reads `count` fingerprints from position `at` (in fingerprints) into `into`. */
  read(into: Float64Array, at: number, count: number): void {
    const bytes = new Uint8Array(into.buffer, into.byteOffset, count * BYTES)
    for (let done = 0; done < bytes.length; ) {
      const read = readSync(this.fd, bytes, done, bytes.length - done, at * BYTES + done)
      if (read === 0) throw new Error('the temporary file of sorted runs was cut short')
      done += read
    }
  }

  close(): void {
    closeSync(this.fd)
    rmSync(this.dir, {recursive: true, force: true})
  }
}

/** A sorted run being merged: its next values, refilled from disk (the in-memory run is read as it is). */
interface Cursor {
  buffer: Float64Array
  values: Float64Array
  index: number
  /** Where the run's next unread values are in the file, and how many are left there. */
  at: number
  left: number
}

/** Every value in ascending order: the run in memory (sorted here) and the spilled ones, merged. */
export function mergeRuns(inMemory: Float64Array, spilled: SpilledRuns | undefined, visit: (value: number) => void) {
  inMemory.sort()
  const cursors: Cursor[] = [{buffer: inMemory, values: inMemory, index: 0, at: 0, left: 0}]
  if (spilled) {
    const share = Math.max(1, Math.floor(MERGE_BUFFER / spilled.lengths.length))
    let at = 0
    for (const length of spilled.lengths) {
      const buffer = new Float64Array(Math.min(share, length))
      cursors.push({buffer, values: buffer.subarray(0, 0), index: 0, at, left: length})
      at += length
    }
  }
  const refill = (cursor: Cursor) => {
    const count = Math.min(cursor.buffer.length, cursor.left)
    cursor.values = cursor.buffer.subarray(0, count)
    present(spilled).read(cursor.values, cursor.at, count)
    cursor.at += count
    cursor.left -= count
    cursor.index = 0
  }
  const heap = new CursorHeap(
    cursors.filter(cursor => {
      if (cursor.left) refill(cursor)
      return cursor.values.length > 0
    }),
  )
  for (let top = heap.top(); top; top = heap.top()) {
    visit(top.values[top.index++])
    if (top.index === top.values.length && top.left) refill(top)
    if (top.index < top.values.length) heap.settle()
    else heap.pop()
  }
}

/** A binary min-heap of cursors by their next value. */
class CursorHeap {
  constructor(private readonly items: Cursor[]) {
    for (let i = (items.length >> 1) - 1; i >= 0; i--) this.down(i)
  }

  top(): Cursor | undefined {
    return this.items[0]
  }

  /** The top cursor moved on: restore the order. */
  settle(): void {
    this.down(0)
  }

  pop(): void {
    const last = present(this.items.pop())
    if (this.items.length) {
      this.items[0] = last
      this.down(0)
    }
  }

  private down(i: number): void {
    const items = this.items
    const key = (c: Cursor) => c.values[c.index]
    for (;;) {
      const left = 2 * i + 1
      const right = left + 1
      let smallest = i
      if (left < items.length && key(items[left]) < key(items[smallest])) smallest = left
      if (right < items.length && key(items[right]) < key(items[smallest])) smallest = right
      if (smallest === i) return
      ;[items[i], items[smallest]] = [items[smallest], items[i]]
      i = smallest
    }
  }
}
