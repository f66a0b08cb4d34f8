import type {Agent} from 'node:http'
import {type HttpAnswer, httpCall, keepAliveAgent} from '../shared/http-call.js'
import {errnoCode, messageOf} from '../shared/thrown.js'
import {
  ApiError,
  apiErrorFromBody,
  attemptOutcomeUnknown,
  ConnectionError,
  HostileAnswerError,
  markAfterUnknownAttempt,
  TimeoutError,
} from './api-errors.js'
import {redactBody, redactHeaders, scrubHeaderValues, scrubSecrets} from './redact.js'
import {type QueryValue, type RequestUrl, urlBuilder} from './request-url.js'
import {readCapped, responseCap} from './response-cap.js'
import {
  currentWaitLimits,
  isTransientStatus,
  parseRetryAfter,
  pause,
  RETRY_AFTER_CAP_MS,
  retryTime,
  timeLeft,
} from './waits.js'

export {buildUrl, pathProblem, type QueryValue} from './request-url.js'

/** node:crypto costs a few MiB of memory to load on Node 24; only a write with an idempotency key needs it. */
const newIdempotencyKey = (): string => process.getBuiltinModule('node:crypto').randomUUID()

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'

/** Supplies the Authorization header; `refresh` is called once after a 401 and returns true when a retry makes sense. */
export interface AuthProvider {
  authorization(): Promise<string | undefined>
  refresh?(): Promise<boolean>
  /** Literal secrets to scrub from debug output (keys, tokens). */
  secrets?(): Array<string | undefined>
}

export interface TransportOptions {
  origin: string
  auth?: AuthProvider
  userAgent?: string
  /** Time-out of one attempt, from connecting to the last byte of the body (default 30 s). */
  timeoutMs?: number
  /** Largest response body read (default: PAYCTL_MAX_RESPONSE_BYTES, else 32 MiB); a larger one fails the call. */
  maxResponseBytes?: number
  maxRetries?: number
  /** Base of the exponential back-off; each retry waits up to base * 2^attempt, capped. */
  retryBaseDelayMs?: number
  retryMaxDelayMs?: number
  /** Connections kept open at once (the import sends several requests in parallel; default 16). */
  maxConnections?: number
  /** Receives the HTTP trace (secrets already redacted). */
  debug?: (line: string) => void
}

export interface RequestOptions {
  method: HttpMethod
  path: string
  query?: Record<string, QueryValue>
  body?: unknown
  headers?: Record<string, string>
  /**
   * For a POST: the idempotency key, sent as `idempotency-key` and reused on every retry.
   * Pass `true` to generate one (v2 POSTs do).
   */
  idempotencyKey?: string | true
  /** Force whether the request may be retried; by default GET/PUT/PATCH/DELETE and keyed POSTs may. */
  retryable?: boolean
}

export interface ApiResponse<T = unknown> {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: T
  requestId?: string
  replayed: boolean
  /** The answer came to a retry (an earlier attempt of this call may have reached the service). */
  retried: boolean
}

const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)

interface PreparedCall extends RequestUrl {
  method: HttpMethod
  headers?: Record<string, string>
  bodyText?: string
  idempotencyKey?: string
  maxRetries: number
}

interface Exchange {
  response: HttpAnswer
  text: string
  requestId?: string
}

/**
 * The signal of one attempt: aborted with a TimeoutError after `ms`, as AbortSignal.timeout's, or with the reason
 * of `stop` when that is aborted first, as AbortSignal.any's; `clear` ends both once the attempt ended (the two
 * built-ins cost about ten times as much, on every request of an import).
 */
function attemptSignal(ms: number, stop?: AbortSignal): {signal: AbortSignal; timedOut(): boolean; clear(): void} {
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'))
  }, ms)
  timer.unref()
  const onStop = () => controller.abort(stop?.reason)
  stop?.addEventListener('abort', onStop, {once: true})
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    clear: () => {
      clearTimeout(timer)
      stop?.removeEventListener('abort', onStop)
    },
  }
}

const formatSeconds = (ms: number) => `${Math.round(ms / 100) / 10} s`

const isSuccess = (status: number) => status >= 200 && status < 300
const isRedirect = (status: number) => status >= 300 && status < 400

/** A body that is not JSON is handed back as text. */
function parseBody(text: string): unknown {
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

function successResponse<T>({response, text, requestId}: Exchange, attempt: number): ApiResponse<T> {
  return {
    status: response.statusCode,
    headers: response.headers,
    body: parseBody(text) as T,
    requestId,
    replayed: headerValue(response.headers['idempotent-replayed']) === 'true',
    retried: attempt > 0,
  }
}

/**
 * The HTTP layer: one keep-alive agent, time-outs, bearer auth, retries where a retry cannot duplicate,
 * and errors turned into ApiError/ConnectionError/TimeoutError.
 */
export class Transport {
  readonly origin: string
  private readonly options: TransportOptions
  private readonly agent: Agent
  private readonly timeoutMs: number
  private readonly maxResponseBytes: number
  private readonly urlOf: ReturnType<typeof urlBuilder>

  constructor(options: TransportOptions) {
    this.options = options
    this.origin = options.origin.replace(/\/$/, '')
    this.timeoutMs = options.timeoutMs ?? 30_000
    this.maxResponseBytes = options.maxResponseBytes ?? responseCap()
    this.agent = keepAliveAgent(this.origin, options.maxConnections ?? 16)
    this.urlOf = urlBuilder(this.origin)
  }

  /** Closes the kept-alive connections (an attempt cut off has already destroyed its own). */
  async close(): Promise<void> {
    this.agent.destroy()
  }

  async request<T = unknown>(options: RequestOptions): Promise<ApiResponse<T>> {
    // Whether an attempt before the last may have been applied: the call's final error then says so too.
    const unknown = {before: false}
    try {
      return await this.attempts<T>(this.prepare(options), unknown)
    } catch (error) {
      throw unknown.before ? markAfterUnknownAttempt(error as Error) : error
    }
  }

  /** The attempts of one call, retried where a retry cannot duplicate; `unknown.before` notes a retried unknown one. */
  private async attempts<T>(call: PreparedCall, unknown: {before: boolean}): Promise<ApiResponse<T>> {
    const session = {refreshed: false}
    for (let attempt = 0; ; attempt++) {
      const exchange = await this.exchange(call, attempt)
      if (exchange instanceof Error) {
        const delay = this.backoff(attempt)
        if (attempt >= call.maxRetries || delay > timeLeft()) throw exchange
        unknown.before ||= attemptOutcomeUnknown(exchange)
        await pause(delay)
        continue
      }
      const {response, text, requestId} = exchange
      const status = response.statusCode
      if (isSuccess(status)) return successResponse<T>(exchange, attempt)
      if (isRedirect(status)) throw this.redirectRefused(response, requestId)
      const now = Date.now()
      const retryAfterMs = parseRetryAfter(response.headers['retry-after'], now)
      const retryAt = retryAfterMs === undefined ? undefined : retryTime(retryAfterMs, now)
      const error = apiErrorFromBody({status, bodyText: text, requestId, retryAfterMs, retryAt})
      if (status === 401 && (await this.refreshOnce(session))) {
        attempt--
        continue
      }
      const delay = retryAfterMs ?? this.backoff(attempt)
      if (attempt >= call.maxRetries || !isTransientStatus(status) || !this.mayWait(delay)) throw error
      unknown.before ||= attemptOutcomeUnknown(error)
      await pause(delay)
    }
  }

  /** A wait beyond the Retry-After ceiling or past the caller's deadline is not started: the call fails now. */
  private mayWait(delay: number): boolean {
    return delay <= RETRY_AFTER_CAP_MS && delay <= timeLeft()
  }

  private prepare(options: RequestOptions): PreparedCall {
    const idempotencyKey = options.idempotencyKey === true ? newIdempotencyKey() : options.idempotencyKey
    const retryable = options.retryable ?? (options.method !== 'POST' || Boolean(idempotencyKey))
    return {
      method: options.method,
      ...this.urlOf(options.path, options.query),
      headers: options.headers,
      bodyText: options.body === undefined ? undefined : JSON.stringify(options.body),
      idempotencyKey,
      maxRetries: retryable ? (this.options.maxRetries ?? 3) : 0,
    }
  }

  /**
   * One attempt: the answer, or the network failure or time-out (already traced) when there was none. The whole
   * attempt, body included, ends at the time-out (or the caller's deadline, when sooner); a GET also ends at once
   * when the caller's signal is aborted (Ctrl-C, SIGTERM), with the signal's reason.
   */
  private async exchange(call: PreparedCall, attempt: number): Promise<Exchange | Error> {
    const headers = await this.headers(call)
    const started = Date.now()
    this.traceRequest(call, headers, attempt)
    const stop = call.method === 'GET' ? currentWaitLimits().signal : undefined
    stop?.throwIfAborted()
    const budget = Math.max(1, Math.min(this.timeoutMs, timeLeft()))
    const deadline = attemptSignal(budget, stop)
    const signal = deadline.signal
    let response: HttpAnswer
    let text: string
    try {
      response = await httpCall(call.target, {
        method: call.method,
        headers,
        body: call.bodyText,
        signal,
        agent: this.agent,
      })
      // Whatever a server echoes of our credentials (a proxy quoting the Authorization header) stops here, in the
      // body and in the headers (`api -i` prints them).
      const secrets = this.options.auth?.secrets?.() ?? []
      text = scrubSecrets(await readCapped(response, this.maxResponseBytes, `${call.method} ${call.url}`), secrets)
      response = {...response, headers: scrubHeaderValues(response.headers, secrets)}
    } catch (error) {
      deadline.clear()
      if (stop?.aborted) throw stop.reason
      const failure = deadline.timedOut()
        ? new TimeoutError(`no complete answer from ${call.method} ${call.url} within ${formatSeconds(budget)}`, {
            cause: error,
            url: call.url,
          })
        : error instanceof HostileAnswerError
          ? error
          : this.classifyNetworkError(error, call.method, call.url)
      this.trace(`< ${failure.name}: ${failure.message} (${Date.now() - started} ms)`)
      // An answer payctl refuses is not retried: the same server would answer the same.
      if (failure instanceof HostileAnswerError) throw failure
      return failure
    }
    deadline.clear()
    const requestId = headerValue(response.headers['x-request-id'])
    this.traceResponse(response, text, requestId, started)
    return {response, text, requestId}
  }

  private async headers(call: PreparedCall): Promise<Record<string, string>> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': this.options.userAgent ?? 'payctl',
      ...call.headers,
    }
    if (call.bodyText !== undefined) headers['content-type'] = 'application/json'
    if (call.idempotencyKey) headers['idempotency-key'] = call.idempotencyKey
    const authorization = await this.options.auth?.authorization()
    if (authorization) headers.authorization = authorization
    return headers
  }

  /** Refreshes the credentials at most once per call; true when the call should be sent again. */
  private async refreshOnce(session: {refreshed: boolean}): Promise<boolean> {
    if (session.refreshed || !this.options.auth?.refresh) return false
    session.refreshed = true
    return this.options.auth.refresh()
  }

  private traceRequest(call: PreparedCall, headers: Record<string, string>, attempt: number): void {
    this.trace(`> ${call.method} ${call.url}${attempt ? ` (retry ${attempt})` : ''}`)
    // Redacting walks the whole body: only when tracing (a 100-item batch would pay it on every request).
    if (!this.options.debug) return
    this.trace(`> headers ${JSON.stringify(redactHeaders(headers))}`)
    if (call.bodyText !== undefined) this.trace(`> body ${redactBody(call.bodyText)}`)
  }

  private traceResponse(response: HttpAnswer, text: string, requestId: string | undefined, started: number): void {
    this.trace(
      `< ${response.statusCode} (${Date.now() - started} ms)${requestId ? ` request-id ${requestId}` : ''}${
        response.headers['idempotent-replayed'] ? ' replayed' : ''
      }`,
    )
    if (text && this.options.debug)
      this.trace(`< body ${redactBody(text.length > 4000 ? `${text.slice(0, 4000)}…` : text)}`)
  }

  /** Redirects are never followed: the request carried credentials meant for this origin only. */
  private redirectRefused(response: HttpAnswer, requestId: string | undefined): ApiError {
    const location = scrubSecrets(
      headerValue(response.headers.location) ?? 'nowhere',
      this.options.auth?.secrets?.() ?? [],
    )
    return new ApiError({
      status: response.statusCode,
      code: 'REDIRECT_REFUSED',
      message: `the service answered ${response.statusCode} redirecting to ${location}; payctl does not follow redirects (credentials stay with ${this.origin})`,
      requestId,
    })
  }

  private backoff(attempt: number): number {
    const base = this.options.retryBaseDelayMs ?? 500
    const cap = this.options.retryMaxDelayMs ?? 8_000
    const ceiling = Math.min(cap, base * 2 ** attempt)
    return Math.round(ceiling / 2 + Math.random() * (ceiling / 2))
  }

  private classifyNetworkError(error: unknown, method: string, url: string): Error {
    const code = errnoCode(error)
    const target = `${method} ${url}`
    // An answer Node's HTTP parser refuses (headers above its 16 KiB limit, not HTTP at all) came from whoever
    // listens there: not a network fault that a retry would mend.
    if (code === 'HPE_HEADER_OVERFLOW')
      return new HostileAnswerError(`the answer to ${target} has headers larger than payctl reads (16 KiB)`, url)
    if (code?.startsWith('HPE_'))
      return new HostileAnswerError(`the answer to ${target} is not valid HTTP (${code})`, url)
    if (code === 'ETIMEDOUT')
      return new TimeoutError(`no answer from ${target} within the time-out`, {cause: error, url})
    const reason = messageOf(error)
    return new ConnectionError(`cannot reach ${target}: ${code ? `${code} ` : ''}${reason}`.trim(), {cause: error, url})
  }

  private trace(line: string): void {
    if (!this.options.debug) return
    this.options.debug(scrubSecrets(line, this.options.auth?.secrets?.() ?? []))
  }
}
