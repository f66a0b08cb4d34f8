/**
 * Duplicate customIds within a file, in memory flat enough for a million rows: instead of a Set of strings
 * (~70 bytes a row), one 52-bit fingerprint a row in a Float64Array (8 bytes a row), sorted once at the end.
 * Equal fingerprints only make customIds *suspects*: the validator confirms them by comparing the real
 * strings in a second pass, so a fingerprint collision can never reject a good file.
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

export class FingerprintList {
  private values = new Float64Array(1 << 12)
  private length = 0

  add(text: string): void {
    if (this.length === this.values.length) {
      const bigger = new Float64Array(this.values.length * 2)
      bigger.set(this.values)
      this.values = bigger
    }
    this.values[this.length++] = fingerprint(text)
  }

  /** Fingerprints seen more than once (usually none). */
  repeated(): Set<number> {
    const sorted = this.values.subarray(0, this.length).sort()
    const repeated = new Set<number>()
    for (let i = 1; i < sorted.length; i++) if (sorted[i] === sorted[i - 1]) repeated.add(sorted[i])
    return repeated
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
