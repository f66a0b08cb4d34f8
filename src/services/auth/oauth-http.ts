import {request} from 'undici'
import {ApiError, apiErrorFromBody, ConnectionError} from '../../client/api-errors.js'
import {redactBody} from '../../client/redact.js'

/** Receives the --debug trace of OAuth requests (bodies redacted: codes, verifiers, tokens, secrets). */
export type Trace = (line: string) => void

/** OAuth endpoints speak form-encoded requests and JSON answers; errors follow RFC 6749 section 5.2. */
export async function oauthRequest(
  url: string,
  options: {
    method?: 'GET' | 'POST'
    form?: Record<string, string | undefined>
    json?: unknown
    userAgent?: string
    debug?: Trace
  },
): Promise<unknown> {
  const headers: Record<string, string> = {accept: 'application/json', 'user-agent': options.userAgent ?? 'payctl'}
  let body: string | undefined
  if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded'
    const params = new URLSearchParams()
    for (const [key, value] of Object.entries(options.form)) if (value !== undefined) params.set(key, value)
    body = params.toString()
  } else if (options.json !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(options.json)
  }
  let statusCode: number
  let text: string
  let requestId: string | undefined
  const method = options.method ?? (body ? 'POST' : 'GET')
  const trace = options.debug
  trace?.(`> ${method} ${url}`)
  if (body !== undefined) trace?.(`> body ${redactBody(body)}`)
  try {
    const res = await request(url, {method, headers, body})
    statusCode = res.statusCode
    text = await res.body.text()
    const id = res.headers['x-request-id']
    requestId = Array.isArray(id) ? id[0] : id
  } catch (error) {
    trace?.(`< ${(error as Error).message}`)
    throw new ConnectionError(`cannot reach ${url}: ${(error as Error).message}`, {cause: error})
  }
  trace?.(`< ${statusCode}${requestId ? ` request-id ${requestId}` : ''}`)
  if (text) trace?.(`< body ${redactBody(text)}`)
  if (statusCode >= 200 && statusCode < 300) {
    try {
      return text ? JSON.parse(text) : {}
    } catch {
      throw new ApiError({status: statusCode, code: 'BAD_RESPONSE', message: `${url} did not answer JSON`, requestId})
    }
  }
  let parsed: {error?: unknown; error_description?: unknown} | undefined
  try {
    parsed = JSON.parse(text)
  } catch {
    parsed = undefined
  }
  if (parsed && typeof parsed.error === 'string') {
    const description = typeof parsed.error_description === 'string' ? `: ${parsed.error_description}` : ''
    return Promise.reject(
      new ApiError({status: statusCode, code: parsed.error, message: `${parsed.error}${description}`, requestId}),
    )
  }
  throw apiErrorFromBody({status: statusCode, bodyText: text, requestId})
}
