import {describe, expect, it} from 'vitest'
import {
  isTransientStatus,
  parseRetryAfter,
  pause,
  RETRY_AFTER_CAP_MS,
  retryTime,
  timeLeft,
  withWaitLimits,
} from '../../src/client/waits.js'

const NOW = Date.parse('2026-11-24T01:00:00Z')

describe('Retry-After', () => {
  it('reads delay-seconds and HTTP dates; a date in the past is 0; garbage is undefined', () => {
    expect(parseRetryAfter('7', NOW)).toBe(7000)
    expect(parseRetryAfter(' 1.5 ', NOW)).toBe(1500)
    expect(parseRetryAfter('Tue, 24 Nov 2026 01:00:30 GMT', NOW)).toBe(30_000)
    expect(parseRetryAfter('Tue, 24 Nov 2026 00:00:00 GMT', NOW)).toBe(0)
    expect(parseRetryAfter(['12', '99'], NOW)).toBe(12_000)
    expect(parseRetryAfter('soon', NOW)).toBeUndefined()
    expect(parseRetryAfter(undefined, NOW)).toBeUndefined()
  })

  it('huge values stay huge (beyond the ceiling), never wrap to an immediate retry', () => {
    expect(parseRetryAfter('99999999999', NOW)).toBeGreaterThan(RETRY_AFTER_CAP_MS)
    expect(parseRetryAfter('9'.repeat(400), NOW)).toBe(Number.POSITIVE_INFINITY)
    expect(parseRetryAfter('Thu, 01 Jan 2099 00:00:00 GMT', NOW)).toBeGreaterThan(RETRY_AFTER_CAP_MS)
  })

  it('the time to retry at, to the second; none past the last date', () => {
    expect(retryTime(7200_000, NOW)?.toISOString()).toBe('2026-11-24T03:00:00.000Z')
    expect(retryTime(1500, NOW)?.toISOString()).toBe('2026-11-24T01:00:02.000Z')
    expect(retryTime(99999999999 * 1000, NOW)?.getUTCFullYear()).toBe(5195)
    expect(retryTime(Number.POSITIVE_INFINITY, NOW)).toBeUndefined()
    expect(retryTime(1e300, NOW)).toBeUndefined()
  })
})

describe('transient', () => {
  it('is 408, 429 and every 5xx; nothing else', () => {
    for (const status of [408, 429, 500, 501, 502, 503, 504, 599]) expect(isTransientStatus(status)).toBe(true)
    for (const status of [400, 401, 403, 404, 409, 422]) expect(isTransientStatus(status)).toBe(false)
  })
})

describe('wait limits', () => {
  it('a deadline is seen by the work it wraps, and only there', async () => {
    expect(timeLeft()).toBe(Number.POSITIVE_INFINITY)
    const left = await withWaitLimits({deadline: Date.now() + 5000}, async () => {
      await Promise.resolve()
      return timeLeft()
    })
    expect(left).toBeGreaterThan(0)
    expect(left).toBeLessThanOrEqual(5000)
    expect(timeLeft()).toBe(Number.POSITIVE_INFINITY)
  })

  it('an abort ends a pause at once with the reason; the pause never exceeds the ceiling', async () => {
    const controller = new AbortController()
    const reason = new Error('stop')
    const paused = withWaitLimits({signal: controller.signal}, () => pause(Number.MAX_SAFE_INTEGER))
    controller.abort(reason)
    await expect(paused).rejects.toBe(reason)
    await expect(pause(10, AbortSignal.abort(reason))).rejects.toBe(reason)
  })
})
