import type {AuthenticatedContext, HttpMethod, Reply} from './request-context.js'

/**
 * A small method + path router. Paths use `:name` parameters; a static segment wins over a parameter, so
 * `POST /payouts/approve` and `POST /payouts/:id/approve` coexist.
 */

export type Access =
  /** Bearer credentials (API key or OAuth access token) and the listed scopes. */
  | {kind: 'credentials'; scopes?: readonly string[]}
  /** No credentials; only from the loopback interface (the `/_emulator` control routes). */
  | {kind: 'loopback'}
  /** Anyone (hosted pages, OAuth endpoints). */
  | {kind: 'public'}

export interface Route {
  /** The row of the contract's operations table this route serves; none for the emulator's own routes. */
  operationId?: string
  method: HttpMethod
  path: string
  access: Access
  /** v2 POSTs: honour the `idempotency-key` header (spec section 4). */
  idempotent?: boolean
  /** The handler gets the body as text, unparsed (form-encoded OAuth requests and HTML forms). */
  rawBody?: boolean
  handler: (ctx: AuthenticatedContext) => Reply | Promise<Reply>
}

interface CompiledRoute {
  route: Route
  segments: string[]
  staticCount: number
}

export type Match =
  | {kind: 'found'; route: Route; params: Record<string, string>}
  | {kind: 'method-not-allowed'; allowed: string[]}
  | {kind: 'not-found'}

const split = (path: string) => path.split('/').filter(Boolean)

export class Router {
  private readonly routes: CompiledRoute[] = []

  add(...routes: Route[]): this {
    for (const route of routes) {
      const segments = split(route.path)
      this.routes.push({route, segments, staticCount: segments.filter(s => !s.startsWith(':')).length})
    }
    return this
  }

  /** Every route, in the order added (the HTTP fuzz test walks them). */
  list(): Route[] {
    return this.routes.map(compiled => compiled.route)
  }

  match(method: string, path: string): Match {
    const parts = split(path)
    let best: {compiled: CompiledRoute; params: Record<string, string>} | undefined
    const allowed = new Set<string>()
    for (const compiled of this.routes) {
      const params = matchSegments(compiled.segments, parts)
      if (!params) continue
      if (compiled.route.method !== method) {
        allowed.add(compiled.route.method)
        continue
      }
      if (!best || compiled.staticCount > best.compiled.staticCount) best = {compiled, params}
    }
    if (best) return {kind: 'found', route: best.compiled.route, params: best.params}
    if (allowed.size) return {kind: 'method-not-allowed', allowed: [...allowed].sort()}
    return {kind: 'not-found'}
  }
}

function matchSegments(segments: string[], parts: string[]): Record<string, string> | undefined {
  if (segments.length !== parts.length) return undefined
  const params: Record<string, string> = {}
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]
    let part: string
    try {
      part = decodeURIComponent(parts[i])
    } catch {
      return undefined
    }
    if (segment.startsWith(':')) params[segment.slice(1)] = part
    else if (segment !== part) return undefined
  }
  return params
}
