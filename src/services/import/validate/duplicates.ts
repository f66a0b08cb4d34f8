import {mergeRuns, SpilledRuns} from './sorted-runs.js'

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
    mergeRuns(this.run.subarray(0, this.length), this.spilled, value => {
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
