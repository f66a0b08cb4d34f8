/**
 * Duplicate customIds within a file, in memory flat enough for a million rows: instead of a Set of strings
 * (~70 bytes a row), an open-addressing table of 64-bit fingerprints (12 bytes a slot). A fingerprint match
 * only makes a row a *suspect*; the validator confirms suspects by comparing the real strings in a second
 * pass, so a fingerprint collision can never reject a good file.
 */

function fnv1a(text: string, seed: number): number {
  let hash = seed
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  // Final avalanche (murmur3 fmix32), so that the low bits used for the slot are well mixed.
  hash ^= hash >>> 16
  hash = Math.imul(hash, 0x85ebca6b)
  hash ^= hash >>> 13
  hash = Math.imul(hash, 0xc2b2ae35)
  hash ^= hash >>> 16
  return hash >>> 0
}

export class FingerprintTable {
  private capacity: number
  private high: Uint32Array
  private low: Uint32Array
  /** Row ordinal + 1 (0 = empty slot). */
  private rows: Uint32Array
  private size = 0

  constructor(initialCapacity = 1 << 12) {
    this.capacity = initialCapacity
    this.high = new Uint32Array(initialCapacity)
    this.low = new Uint32Array(initialCapacity)
    this.rows = new Uint32Array(initialCapacity)
  }

  /**
   * Records `key` for row `row` (0-based ordinal); answers the ordinal of an earlier row with the same
   * fingerprint, if any (a suspect to confirm).
   */
  add(key: string, row: number): number | undefined {
    const high = fnv1a(key, 0x811c9dc5)
    const low = fnv1a(key, 0x9747b28c)
    const mask = this.capacity - 1
    for (let slot = high & mask; ; slot = (slot + 1) & mask) {
      const stored = this.rows[slot]
      if (stored === 0) {
        this.high[slot] = high
        this.low[slot] = low
        this.rows[slot] = row + 1
        if (++this.size * 4 > this.capacity * 3) this.grow()
        return undefined
      }
      if (this.high[slot] === high && this.low[slot] === low) return stored - 1
    }
  }

  private grow(): void {
    const {high, low, rows} = this
    this.capacity *= 2
    this.high = new Uint32Array(this.capacity)
    this.low = new Uint32Array(this.capacity)
    this.rows = new Uint32Array(this.capacity)
    const mask = this.capacity - 1
    for (let i = 0; i < rows.length; i++) {
      if (rows[i] === 0) continue
      let slot = high[i] & mask
      while (this.rows[slot] !== 0) slot = (slot + 1) & mask
      this.high[slot] = high[i]
      this.low[slot] = low[i]
      this.rows[slot] = rows[i]
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
