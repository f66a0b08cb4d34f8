/**
 * The emulator's clock: real time plus an offset that tests move forward with the control table's `advanceClock`.
 * Everything time-dependent (timestamps, idempotency window, webhook retries, expiries, session tokens)
 * reads this clock, never `Date.now()` directly.
 */
/** How far the clock may be moved in total: 100 years keeps every timestamp a valid date. */
export const MAX_CLOCK_OFFSET_SECONDS = 100 * 365 * 24 * 60 * 60

export class Clock {
  private offsetMs = 0

  nowMs(): number {
    return Date.now() + this.offsetMs
  }

  now(): Date {
    return new Date(this.nowMs())
  }

  iso(): string {
    return this.now().toISOString()
  }

  unixSeconds(): number {
    return Math.floor(this.nowMs() / 1000)
  }

  /** Seconds the clock can still move forward. */
  headroomSeconds(): number {
    return MAX_CLOCK_OFFSET_SECONDS - this.offsetMs / 1000
  }

  advance(seconds: number): void {
    if (!(seconds >= 0 && seconds <= this.headroomSeconds()))
      throw new RangeError(`cannot advance the clock by ${seconds} s`)
    this.offsetMs += Math.round(seconds * 1000)
  }

  offsetSeconds(): number {
    return this.offsetMs / 1000
  }

  reset(): void {
    this.offsetMs = 0
  }
}
