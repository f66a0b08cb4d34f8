import {ApiError, apiErrorFromBody, ConnectionError} from '../../client/api-errors.js'
import {redactBody} from '../../client/redact.js'
import {answerText, httpCall} from '../../shared/http-call.js'
import {messageOf} from '../../shared/thrown.js'

/** An OAuth endpoint answers within this, and in at most this many bytes (a token answer is a few hundred). */
const OAUTH_TIMEOUT_MS = 30_000
const OAUTH_MAX_ANSWER_BYTES = 1024 * 1024

/** Receives the --debug trace of OAuth requests (bodies redacted: codes, verifiers, tokens, secrets). */
export type Trace = (line: string) => void

interface OAuthRequestOptions {
  method?: 'GET' | 'POST'
  form?: Record<string, string | undefined>
  json?: unknown
  userAgent?: string
  debug?: Trace
}

interface OAuthAnswer {
  statusCode: number
  text: string
  requestId?: string
}

/** OAuth endpoints speak form-encoded requests and JSON answers; errors follow RFC 6749 section 5.2. */
export async function oauthRequest(url: string, options: OAuthRequestOptions): Promise<unknown> {
  const headers: Record<string, string> = {accept: 'application/json', 'user-agent': options.userAgent ?? 'payctl'}
  const {contentType, body} = encodeBody(options)
  if (contentType) headers['content-type'] = contentType
  const method = options.method ?? (body ? 'POST' : 'GET')
  const answer = await send(url, {method, headers, body}, options.debug)
  if (answer.statusCode >= 200 && answer.statusCode < 300) return successBody(url, answer)
  throw errorFromAnswer(answer)
}

function encodeBody(options: OAuthRequestOptions): {contentType?: string; body?: string} {
  if (options.form) {
    const params = new URLSearchParams()
    for (const [key, value] of Object.entries(options.form)) if (value !== undefined) params.set(key, value)
    return {contentType: 'application/x-www-form-urlencoded', body: params.toString()}
  }
  if (options.json !== undefined) return {contentType: 'application/json', body: JSON.stringify(options.json)}
  return {}
}

async function send(
  url: string,
  init: {method: 'GET' | 'POST'; headers: Record<string, string>; body?: string},
  trace?: Trace,
): Promise<OAuthAnswer> {
  trace?.(`> ${init.method} ${url}`)
  if (init.body !== undefined) trace?.(`> body ${redactBody(init.body)}`)
  let answer: OAuthAnswer
  try {
    const res = await httpCall(url, {...init, signal: AbortSignal.timeout(OAUTH_TIMEOUT_MS)})
    const text = await answerText(res, OAUTH_MAX_ANSWER_BYTES)
    const id = res.headers['x-request-id']
    answer = {statusCode: res.statusCode, text, requestId: Array.isArray(id) ? id[0] : id}
  } catch (error) {
    trace?.(`< ${messageOf(error)}`)
    throw new ConnectionError(`cannot reach ${url}: ${messageOf(error)}`, {cause: error})
  }
  trace?.(`< ${answer.statusCode}${answer.requestId ? ` request-id ${answer.requestId}` : ''}`)
  if (answer.text) trace?.(`< body ${redactBody(answer.text)}`)
  return answer
}

function successBody(url: string, {statusCode, text, requestId}: OAuthAnswer): unknown {
  try {
    return text ? JSON.parse(text) : {}
  } catch {
    throw new ApiError({status: statusCode, code: 'BAD_RESPONSE', message: `${url} did not answer JSON`, requestId})
  }
}

function errorFromAnswer({statusCode, text, requestId}: OAuthAnswer): ApiError {
  const parsed = parseOAuthError(text)
  if (parsed && typeof parsed.error === 'string') {
    const description = typeof parsed.error_description === 'string' ? `: ${parsed.error_description}` : ''
    return new ApiError({status: statusCode, code: parsed.error, message: `${parsed.error}${description}`, requestId})
  }
  return apiErrorFromBody({status: statusCode, bodyText: text, requestId})
}

function parseOAuthError(text: string): {error?: unknown; error_description?: unknown} | undefined {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
