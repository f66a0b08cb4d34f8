import {outcomeUnknown} from '../../client/api-errors.js'
import {interruptedError, PayctlError} from '../../shared/errors.js'
import {withWayOut} from '../errors/error-report.js'
import type {KeptKeys, KeptRequest} from './kept-keys.js'

/** How a create's advice names its key: the field of `error.data`, what a re-run does, what to do about a similar one. */
export interface KeyWords {
  field: 'idempotencyKey' | 'customId'
  /** "re-run the same command: it reuses idempotency key K, so …". */
  again(key: string, own: boolean): string
  /** What to give to make this create depend on a similar one still unknown (its key). */
  alike(key: string): string
}

export interface KeyedSend<T> {
  request: KeptRequest
  words: KeyWords
  send: (key: string) => Promise<T>
  /** The person's own key (--idempotency-key, or a v1 --custom-id): nothing is kept, the advice names it. */
  own?: string
  /** A new key (default: a UUID). */
  fresh?: () => string
  /** Ctrl-C or SIGTERM: the run ends at once, and says which key the re-run reuses. */
  signal?: AbortSignal
  /** Warnings for the person: a similar create still unknown, another payctl sending the same create. */
  warn?: (line: string) => void
}

/** The error as payctl reports it, with the advice that says what a re-run does and the key it reuses. */
const withAdvice = (error: unknown, advice: string, data: Record<string, string>): PayctlError =>
  withWayOut(error, {suggestions: [advice], data})

/** `work`, or the signal's stop when that comes first (the request is left to the process's end). */
function untilStopped<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason)
    if (signal.aborted) stop()
    signal.addEventListener('abort', stop, {once: true})
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop))
  })
}

const stoppedError = (sent: boolean, advice: string, data: Record<string, string>) =>
  interruptedError(
    sent
      ? 'interrupted while the create was in flight: whether the service applied it is not known'
      : 'interrupted before the create was sent',
    [advice],
    data,
  )

/**
 * Sends a create with a key that makes its re-run safe (kept-keys.ts): the person's own, else the one kept for the
 * same request, else a new one, on disk before the request leaves. A definite answer (any answer read whole, or a
 * refusal that proves nothing was applied) forgets it. When no verdict came back (outcome-unknown errors,
 * api-errors.ts) the key stays and the error says that a re-run reuses it; when Ctrl-C or SIGTERM comes first, the
 * run ends at once with the same advice (a `kill -9` cannot print it, but the key is already on disk).
 */
export async function sendKeyed<T>(kept: KeptKeys, options: KeyedSend<T>): Promise<{value: T; reused: boolean}> {
  const {words, signal} = options
  const dataOf = (key: string) => ({[words.field]: key})
  if (options.own !== undefined) {
    const own = options.own
    try {
      return {value: await untilStopped(options.send(own), signal), reused: false}
    } catch (error) {
      if (signal?.aborted) throw stoppedError(true, words.again(own, true), dataOf(own))
      if (outcomeUnknown(error)) throw withAdvice(error, words.again(own, true), dataOf(own))
      throw error
    }
  }
  let claimed: string | undefined
  const claim = await kept
    .claim(options.request, {
      fresh: options.fresh,
      signal,
      onWait: (holder, key) => {
        claimed = key
        options.warn?.(`waiting for payctl process ${holder.pid}, which is sending the same create now (${key})…`)
      },
    })
    .catch(error => {
      if (signal?.aborted && claimed) throw stoppedError(false, words.again(claimed, false), dataOf(claimed))
      throw error
    })
  for (const other of claim.alike)
    options.warn?.(
      `a create like this one (same recipient, amount and currency) sent at ${other.at.toISOString()} has no known outcome yet (${other.key}); if this is meant to be the same one, ${words.alike(other.key)}`,
    )
  try {
    const value = await untilStopped(options.send(claim.key), signal)
    await claim
      .settle()
      .catch((error: Error) =>
        options.warn?.(
          `the kept key ${claim.key} could not be forgotten (${error.message}): the same command within 24 hours gets this answer again`,
        ),
      )
    return {value, reused: claim.reused}
  } catch (error) {
    if (signal?.aborted) throw stoppedError(true, words.again(claim.key, false), dataOf(claim.key))
    if (!outcomeUnknown(error)) {
      await claim.settle()
      throw error
    }
    await claim.keep()
    throw withAdvice(error, words.again(claim.key, false), dataOf(claim.key))
  }
}
