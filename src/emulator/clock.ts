/**
 * The emulator's clock: real time plus an offset that tests move forward with `POST /_emulator/clock`.
 * Everything time-dependent (timestamps, idempotency window, webhook retries, expiries, session tokens)
 * reads this clock, never `Date.now()` directly.
 */
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

  advance(seconds: number): void {
    this.offsetMs += Math.round(seconds * 1000)
  }

  offsetSeconds(): number {
    return this.offsetMs / 1000
  }

  reset(): void {
    this.offsetMs = 0
  }
}
