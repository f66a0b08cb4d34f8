import type {Agent as HttpAgent, IncomingHttpHeaders, IncomingMessage} from 'node:http'

/** An answer as it arrives: status and headers, the body still to be read (and destroyed when refused). */
export interface HttpAnswer {
  statusCode: number
  headers: IncomingHttpHeaders
  body: IncomingMessage
}

export interface HttpCallOptions {
  method: string
  headers: Record<string, string | string[]>
  /** Sent as is, with its content-length. */
  body?: string | Buffer
  /** Ends the call, connecting and reading alike: the request is destroyed with the signal's reason. */
  signal?: AbortSignal
  /** Keep-alive connections to reuse (one per origin and protocol), from `keepAliveAgent`. */
  agent?: HttpAgent
}

/** Where a call goes: a URL, or the parts of one as node:http takes them (parsed once by a client that sends many). */
export type HttpTarget = string | {protocol: string; hostname: string; port?: string; path: string}

/** node:https for an https URL, else node:http. */
const moduleFor = (url: {protocol: string}) =>
  url.protocol === 'https:' ? process.getBuiltinModule('node:https') : process.getBuiltinModule('node:http')

/**
 * The runtime's own HTTP client (node:http, node:https; Bun provides the same modules natively), which every
 * runtime payctl runs on starts in a fraction of the time a bundled client library needs. Redirects are never
 * followed (the caller decides), and the answer is handed back before its body is read.
 */
export function httpCall(target: HttpTarget, options: HttpCallOptions): Promise<HttpAnswer> {
  const url = typeof target === 'string' ? new URL(target) : target
  const transport = moduleFor(url)
  const headers = {...options.headers}
  if (options.body !== undefined) headers['content-length'] = String(Buffer.byteLength(options.body))
  return new Promise((resolve, reject) => {
    const init = {method: options.method, headers, signal: options.signal, agent: options.agent}
    const request = url instanceof URL ? transport.request(url, init) : transport.request({...url, ...init})
    request.once('response', response =>
      resolve({statusCode: response.statusCode ?? 0, headers: response.headers, body: response}),
    )
    request.once('error', reject)
    request.end(options.body)
  })
}

/** Keep-alive connections for `httpCall` to one origin; idle ones never keep the process alive. */
export function keepAliveAgent(origin: string, maxSockets: number): HttpAgent {
  const {Agent} = moduleFor(new URL(origin))
  return new Agent({keepAlive: true, keepAliveMsecs: 10_000, maxSockets})
}

/** The body as text, at most `cap` bytes of it (the rest is dropped unread with the connection). */
export async function answerText(answer: HttpAnswer, cap: number): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of answer.body) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)
    chunks.push(bytes)
    size += bytes.length
    if (size >= cap) {
      answer.body.destroy()
      break
    }
  }
  return Buffer.concat(chunks).subarray(0, cap).toString('utf8')
}
