import {asJsonObject, fieldOf} from '../shared/json-object.js'
import {isTransientStatus} from './waits.js'

/** Errors raised by the API client. None of them knows about exit codes or the CLI. */

export interface ErrorDetail {
  path: string
  message: string
}

/** The service answered with a non-2xx status. */
export class ApiError extends Error {
  readonly status: number
  readonly code: string
  readonly data?: unknown
  readonly index?: number
  readonly details: ErrorDetail[]
  readonly requestId?: string
  readonly retryAfterMs?: number
  /** When the service asked to be called again (Retry-After), to the second; unset when past any date. */
  readonly retryAt?: Date

  constructor(init: {
    status: number
    code: string
    message: string
    data?: unknown
    index?: number
    details?: ErrorDetail[]
    requestId?: string
    retryAfterMs?: number
    retryAt?: Date
  }) {
    super(init.message)
    this.name = 'ApiError'
    this.status = init.status
    this.code = init.code
    this.data = init.data
    this.index = init.index
    this.details = init.details ?? []
    this.requestId = init.requestId
    this.retryAfterMs = init.retryAfterMs
    this.retryAt = init.retryAt
  }
}

/** A request that got no answer; its class says why. */
abstract class UnansweredError extends Error {
  /** The URL that could not be reached. */
  readonly url?: string
  constructor(message: string, options?: {cause?: unknown; url?: string}) {
    super(message, options)
    this.url = options?.url
  }
}

/** The request never got an answer: refused, reset, DNS, TLS. */
export class ConnectionError extends UnansweredError {
  override readonly name = 'ConnectionError'
}

/** No answer within the configured time-out. */
export class TimeoutError extends UnansweredError {
  override readonly name = 'TimeoutError'
}

/**
 * The one definition of "transient": no answer (network, time-out), or a status whose answer may differ
 * later (408, 429, 5xx). Sending the same request again later is safe and may succeed.
 */
export function isTransient(error: unknown): boolean {
  if (error instanceof ConnectionError || error instanceof TimeoutError) return true
  return error instanceof ApiError && isTransientStatus(error.status)
}

/** A transient answer whose Retry-After is beyond what payctl waits: the time to try again. */
export function retryLaterThan(error: unknown, ceilingMs: number): {retryAt?: Date} | undefined {
  if (!(error instanceof ApiError) || !isTransient(error)) return undefined
  if (error.retryAfterMs === undefined || error.retryAfterMs <= ceilingMs) return undefined
  return {retryAt: error.retryAt}
}

/**
 * "message (field: reason; …)": the details the message does not already say (a batch item's path prefix
 * `items.N.` dropped with `dropPrefix`).
 */
export function withDetails(error: ApiError, message: string, dropPrefix?: string): string {
  const problems = error.details
    .filter(d => dropPrefix === undefined || !d.path.startsWith('items.') || d.path.startsWith(dropPrefix))
    .map(d => {
      const path = dropPrefix && d.path.startsWith(dropPrefix) ? d.path.slice(dropPrefix.length) : d.path
      return path ? `${path}: ${d.message}` : d.message
    })
    .filter(problem => message.indexOf(problem) < 0)
  return problems.length ? `${message} (${problems.join('; ')})` : message
}

/** A request that would leave the profile's origin (a path naming another host); nothing was sent. */
export class OriginError extends Error {
  override readonly name = 'OriginError'
}

/**
 * An answer payctl refuses to go on with: a body above the size cap, or a list that hands back a cursor (or a
 * page) it already gave. Sending the same request again is safe; the service (or what stands between) is at fault.
 */
export class HostileAnswerError extends Error {
  override readonly name = 'HostileAnswerError'
  constructor(
    message: string,
    readonly url?: string,
  ) {
    super(message)
  }
}

/** A 2xx answer whose body does not match the resource schema. */
export class ResponseShapeError extends Error {
  override readonly name = 'ResponseShapeError'
  constructor(
    message: string,
    readonly requestId?: string,
  ) {
    super(message)
  }
}

/** Connection failures that prove the request never left: refused, unresolved, unreachable. */
const NOTHING_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'])

/** Whether the service may have applied the one attempt that ended with `error`: sent, and no verdict came back. */
export function attemptOutcomeUnknown(error: unknown): boolean {
  if (error instanceof ApiError) return error.status >= 500 || error.status === 408
  if (error instanceof ConnectionError) return !NOTHING_SENT.has(String(fieldOf(error.cause, 'code')))
  return error instanceof TimeoutError || error instanceof HostileAnswerError || error instanceof ResponseShapeError
}

/** Errors of calls an earlier attempt of which may have been applied (the transport marks them). */
const afterUnknownAttempt = new WeakSet<object>()

/** Marks the final error of a call an earlier attempt of which may have been applied. */
export function markAfterUnknownAttempt<E extends Error>(error: E): E {
  afterUnknownAttempt.add(error)
  return error
}

/**
 * Whether a write that ended with `error` may have been applied: the last attempt was sent and no verdict came back
 * (a 5xx or 408, a time-out, a connection broken after the write, an answer payctl could not read), or an earlier
 * attempt of the same call ended so, whatever the last one got (a 4xx or a refused connection after a reset does
 * not undo what the reset attempt may have done).
 */
export const outcomeUnknown = (error: unknown): boolean =>
  attemptOutcomeUnknown(error) || (typeof error === 'object' && error !== null && afterUnknownAttempt.has(error))

const defaultCodeForStatus = (status: number): string => {
  if (status === 400) return 'VALIDATION_ERROR'
  if (status === 401) return 'UNAUTHORIZED'
  if (status === 403) return 'FORBIDDEN'
  if (status === 404) return 'NOT_FOUND'
  if (status === 409) return 'CONFLICT'
  if (status === 422) return 'UNPROCESSABLE'
  if (status === 429) return 'RATE_LIMITED'
  if (status >= 500) return 'SERVER_ERROR'
  return `HTTP_${status}`
}

const firstLine = (text: string): string => {
  const stripped = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return stripped.length > 200 ? `${stripped.slice(0, 200)}…` : stripped
}

/**
 * Builds an ApiError from any error body: the documented envelope
 * `{error: {code, message, data, index, details}}`, or `{code, message}`, `{message}`, plain text, HTML.
 */
export function apiErrorFromBody(init: {
  status: number
  statusText?: string
  bodyText: string
  requestId?: string
  retryAfterMs?: number
  retryAt?: Date
}): ApiError {
  const {status, bodyText} = init
  let parsed: unknown
  try {
    parsed = bodyText ? JSON.parse(bodyText) : undefined
  } catch {
    parsed = undefined
  }
  const top = asJsonObject(parsed)
  const envelope = asJsonObject(top?.error) ?? top
  const code = typeof envelope?.code === 'string' ? envelope.code : defaultCodeForStatus(status)
  let message: string
  if (typeof envelope?.message === 'string' && envelope.message) message = envelope.message
  else if (typeof top?.error === 'string') message = top.error
  else if (parsed === undefined && bodyText.trim()) message = `HTTP ${status}: ${firstLine(bodyText)}`
  else message = `HTTP ${status}${init.statusText ? ` ${init.statusText}` : ''}`
  const details = Array.isArray(envelope?.details)
    ? envelope.details.flatMap(d => {
        const item = asJsonObject(d)
        return item ? [{path: String(item.path ?? ''), message: String(item.message ?? '')}] : []
      })
    : []
  const rawIndex = envelope?.index ?? asJsonObject(envelope?.data)?.index
  return new ApiError({
    status,
    code,
    message,
    data: envelope?.data,
    index: typeof rawIndex === 'number' ? rawIndex : undefined,
    details,
    requestId: init.requestId,
    retryAfterMs: init.retryAfterMs,
    retryAt: init.retryAt,
  })
}
