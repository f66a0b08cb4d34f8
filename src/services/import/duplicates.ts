import {closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

/**
 * Duplicate customIds within a file, in memory flat whatever the file's size: one 52-bit fingerprint a row
 * (8 bytes), kept in memory up to RUN_LENGTH rows; beyond that each full run is sorted and written to a
 * temporary file, and the runs are merged at the end (an external sort). Equal fingerprints only make
 * customIds *suspects*: the validator confirms them by comparing the real strings in a second pass, so a
 * fingerprint collision can never reject a good file.
 */

/** murmur3's final avalanche, so that every bit of the hash depends on every input bit. */
function fmix(hash: number): number {
  hash ^= hash >>> 16
  hash = Math.imul(hash, 0x85ebca6b)
  hash ^= hash >>> 13
  hash = Math.imul(hash, 0xc2b2ae35)
  hash ^= hash >>> 16
  return hash >>> 0
}

/**
 * A 52-bit fingerprint of a string, exact in a double: two independent 32-bit FNV-1a hashes (different
 * seeds) computed in one pass, 32 bits of the first and 20 of the second.
 */
export function fingerprint(text: string): number {
  let a = 0x811c9dc5
  let b = 0x9747b28c
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    a = Math.imul(a ^ c, 0x01000193)
    b = Math.imul(b ^ c, 0x01000193)
  }
  return fmix(a) * 0x100000 + (fmix(b) >>> 12)
}

/** Fingerprints kept in memory (512 KiB); a bigger file spills sorted runs of this many to disk. */
const RUN_LENGTH = 64 * 1024
/** Fingerprints read at once from the spilled runs, shared between them while merging. */
const MERGE_BUFFER = 64 * 1024
const BYTES = Float64Array.BYTES_PER_ELEMENT

/** Sorted runs of fingerprints in one temporary file (deleted at once where the system allows: a crash leaves nothing). */
class SpilledRuns {
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
      if (read === 0) throw new Error('the temporary file of customId fingerprints was cut short')
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

export class FingerprintList {
  private readonly run: Float64Array
  private length = 0
  private spilled?: SpilledRuns

  constructor(private readonly runLength = RUN_LENGTH) {
    this.run = new Float64Array(runLength)
  }

  add(text: string): void {
    if (this.length === this.runLength) {
      this.spilled ??= new SpilledRuns()
      this.spilled.write(this.run.sort())
      this.length = 0
    }
    this.run[this.length++] = fingerprint(text)
  }

  /** The fingerprints held in memory, in bytes: the same whatever the number of rows. */
  get memoryBytes(): number {
    return this.run.byteLength
  }

  /** Fingerprints seen more than once (usually none). */
  repeated(): Set<number> {
    const repeated = new Set<number>()
    let previous: number | undefined
    this.merge(value => {
      if (value === previous) repeated.add(value)
      previous = value
    })
    return repeated
  }

  /** Removes the temporary file, if there is one. */
  close(): void {
    this.spilled?.close()
    this.spilled = undefined
  }

  /** Every fingerprint in ascending order: the in-memory run and the spilled ones, merged. */
  private merge(visit: (value: number) => void): void {
    const inMemory = this.run.subarray(0, this.length).sort()
    const cursors: Cursor[] = [{buffer: inMemory, values: inMemory, index: 0, at: 0, left: 0}]
    const spilled = this.spilled
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
      spilled!.read(cursor.values, cursor.at, count)
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
    const last = this.items.pop()!
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

/** A growable bit set of row ordinals (invalid rows): 1 bit a row. */
export class RowSet {
  private bits = new Uint32Array(1024)
  private count = 0

  add(row: number): boolean {
    const word = row >>> 5
    if (word >= this.bits.length) {
      const bigger = new Uint32Array(Math.max(this.bits.length * 2, word + 1))
      bigger.set(this.bits)
      this.bits = bigger
    }
    const mask = 1 << (row & 31)
    if (this.bits[word] & mask) return false
    this.bits[word] |= mask
    this.count++
    return true
  }

  has(row: number): boolean {
    const word = row >>> 5
    return word < this.bits.length && (this.bits[word] & (1 << (row & 31))) !== 0
  }

  get size(): number {
    return this.count
  }
}
