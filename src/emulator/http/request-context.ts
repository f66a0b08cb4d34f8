import type {IncomingHttpHeaders} from 'node:http'
import type {Principal} from './principal.js'

/** What a route handler sees and what it answers; the server does the HTTP. */

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'

export interface Reply {
  status: number
  /** Sent as JSON. */
  body?: unknown
  /** Arrays for repeated headers (`set-cookie`). */
  headers?: Record<string, string | string[]>
  /** Sent as it is instead of JSON `body` (HTML pages, stylesheets, redirects); `content-type` from `headers`. */
  raw?: string
}

export interface RequestContext {
  method: HttpMethod
  path: string
  params: Record<string, string>
  query: URLSearchParams
  headers: IncomingHttpHeaders
  /** The parsed JSON body (the raw text for `rawBody` routes); undefined when the request had none or sent a form. */
  body: unknown
  /** An `application/x-www-form-urlencoded` body (hosted pages, OAuth forms). */
  form?: URLSearchParams
  requestId: string
  /** `http://host:port` as the client addressed the emulator. */
  origin: string
  remoteAddress: string
  /** The emulator's end of the connection (the address and port it was reached on), whatever `Host` says. */
  localAddress: string
  localPort: number
  /** Set for routes that need credentials. */
  principal?: Principal
}

export type AuthenticatedContext = RequestContext & {principal: Principal}

export const ok = (body: unknown, status = 200): Reply => ({status, body})

export const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : value
}
