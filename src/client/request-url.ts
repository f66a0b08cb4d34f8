import {urlToHttpOptions} from 'node:url'
import {OriginError} from './api-errors.js'

export type QueryValue = string | number | boolean | undefined | readonly (string | number)[]

/** Where one request goes: its URL (for messages and traces) and the parts node:http takes. */
export interface RequestUrl {
  url: string
  target: {protocol: string; hostname: string; port?: string; path: string}
}

/** Why a request path cannot be sent to the profile's origin, or undefined when it can. */
export function pathProblem(path: string): string | undefined {
  if (!path.startsWith('/')) return `path "${path}" must start with "/"`
  // "//host" and "/\\host" are read by URL parsers as another host: never a path below the origin.
  if (/^\/[\\/]/.test(path)) return `path "${path}" names another host; give a path below the profile's origin`
  if (/[\u0000-\u001F\u007F]/.test(path)) return `path "${path}" contains a control character`
  return undefined
}

/**
 * The URL of `path` below `origin`. Throws when the result would leave the origin, so that credentials are
 * only ever sent to the profile's service.
 */
export function buildUrl(origin: string, path: string, query?: Record<string, QueryValue>): string {
  const problem = pathProblem(path)
  if (problem) throw new OriginError(problem)
  const base = new URL(origin)
  const url = new URL(base.origin)
  url.pathname = `${base.pathname.replace(/\/$/, '')}${path.split('?')[0]}`
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue
    if (Array.isArray(value)) for (const item of value) url.searchParams.append(name, String(item))
    else url.searchParams.set(name, String(value))
  }
  if (url.origin !== base.origin) throw new OriginError(`path "${path}" leaves the origin ${base.origin}`)
  return url.toString()
}

/** A path a URL parser keeps as written: unreserved characters, sub-delims, ':', '@', '/' and %-escapes. */
const VERBATIM_PATH = /^\/(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/]|%[0-9A-Fa-f]{2})*$/
/** A '.' or '..' segment (also spelled %2e), which a URL parser resolves. */
const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i

const hasQuery = (query?: Record<string, QueryValue>) =>
  query !== undefined && Object.values(query).some(value => value !== undefined)

/**
 * `buildUrl` for one origin, parsed once: a path that a URL parser keeps as written, without a query, is joined
 * to the origin as it is (the same URL `buildUrl` answers); any other goes through `buildUrl`.
 */
export function urlBuilder(origin: string): (path: string, query?: Record<string, QueryValue>) => RequestUrl {
  let parsed: {origin: string; basePath: string; parts: Omit<RequestUrl['target'], 'path'>} | undefined
  // Parsed at the first request: an origin that is no URL fails there, as buildUrl's does.
  const base = () => {
    if (parsed) return parsed
    const url = new URL(origin)
    const {protocol, hostname, port} = urlToHttpOptions(url)
    parsed = {
      origin: url.origin,
      basePath: url.pathname.replace(/\/$/, ''),
      parts: {
        protocol: protocol ?? url.protocol,
        hostname: hostname ?? '',
        ...(port === undefined ? {} : {port: String(port)}),
      },
    }
    return parsed
  }
  return (path, query) => {
    if (VERBATIM_PATH.test(path) && !DOT_SEGMENT.test(path) && !/^\/[\\/]/.test(path) && !hasQuery(query)) {
      const {origin: own, basePath, parts} = base()
      return {url: `${own}${basePath}${path}`, target: {...parts, path: `${basePath}${path}`}}
    }
    const url = buildUrl(origin, path, query)
    const {pathname, search} = new URL(url)
    return {url, target: {...base().parts, path: `${pathname}${search}`}}
  }
}
