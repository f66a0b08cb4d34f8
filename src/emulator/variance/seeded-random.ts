import {createHash} from 'node:crypto'

/**
 * A deterministic stream of choices for one response: the same seed and the same request give the same
 * choices, whatever order requests arrive in, so a test that fails in variance mode fails again on a re-run.
 */
export class SeededRandom {
  private block = Buffer.alloc(0)
  private offset = 0
  private counter = 0

  constructor(private readonly key: string) {}

  /** An integer in [0, n). */
  int(n: number): number {
    if (this.offset + 4 > this.block.length) {
      this.block = createHash('sha256')
        .update(`${this.key}#${this.counter++}`)
        .digest()
      this.offset = 0
    }
    const value = this.block.readUInt32BE(this.offset)
    this.offset += 4
    return value % n
  }

  /** True with probability `numerator / denominator`. */
  chance(numerator: number, denominator: number): boolean {
    return this.int(denominator) < numerator
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]
  }
}
