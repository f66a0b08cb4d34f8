import type {AsyncLocalStorage} from 'node:async_hooks'

/**
 * Every wait of the client has a ceiling: a Retry-After longer than RETRY_AFTER_CAP_MS is not slept (the
 * call fails at once, saying when to retry), and a caller can bound all the waits of what it runs with
 * `withWaitLimits` (a deadline and an abort signal), without passing them through every resource method.
 */

/** The longest Retry-After the client sleeps (openai-node's ceiling too). */
export const RETRY_AFTER_CAP_MS = 60_000

/** The latest date a JavaScript Date can hold (ECMAScript's limit), in ms since the epoch. */
const LATEST_DATE_MS = 8.64e15

/** A status whose answer may differ if the same request is sent again later. */
export const isTransientStatus = (status: number): boolean => status === 408 || status === 429 || status >= 500

/**
 * Parses Retry-After (delay-seconds or an HTTP date) into milliseconds from `now`; Infinity for a value too
 * large to be a date, undefined when there is none or it cannot be read.
 */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim()
  if (!text) return undefined
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text) * 1000
  const date = Date.parse(text)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/** When a wait of `ms` from `now` ends, or undefined when that is past any date. */
export function retryTime(ms: number, now = Date.now()): Date | undefined {
  const at = now + ms
  return Number.isFinite(at) && at <= LATEST_DATE_MS ? new Date(Math.ceil(at / 1000) * 1000) : undefined
}

export interface WaitLimits {
  /** No wait ends after this time (ms since the epoch): a wait that would is not started. */
  deadline?: number
  /** Aborting ends the wait at once with the signal's reason. */
  signal?: AbortSignal
}

let storage: AsyncLocalStorage<WaitLimits> | undefined

/** Runs `work` with its client waits bounded by `limits` (the innermost limits apply). */
export function withWaitLimits<T>(limits: WaitLimits, work: () => Promise<T>): Promise<T> {
  storage ??= new (process.getBuiltinModule('node:async_hooks').AsyncLocalStorage)()
  return storage.run(limits, work)
}

export const currentWaitLimits = (): WaitLimits => storage?.getStore() ?? {}

/** Time left before the deadline of the current limits (Infinity without one). */
export function timeLeft(limits: WaitLimits = currentWaitLimits(), now = Date.now()): number {
  return limits.deadline === undefined ? Number.POSITIVE_INFINITY : limits.deadline - now
}

/** Sleeps `ms` (at most the cap), ending early with the signal's reason when it is aborted. */
export function pause(ms: number, signal = currentWaitLimits().signal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason)
  const delay = Math.max(0, Math.min(ms, RETRY_AFTER_CAP_MS))
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, delay)
    signal?.addEventListener('abort', onAbort, {once: true})
  })
}
