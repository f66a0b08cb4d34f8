import {randomBytes} from 'node:crypto'
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http'
import {setTimeout as sleep} from 'node:timers/promises'
import {checkIdempotencyKey} from '../contract/operation-input.js'
import {fieldOf} from '../shared/json-object.js'
import {parseRequestTarget} from '../shared/request-target.js'
import {messageOf} from '../shared/thrown.js'
import type {Authentication} from './domain/authentication.js'
import type {Fault, Faults} from './domain/fault-injection.js'
import type {Idempotency} from './domain/idempotency.js'
import {type AccessPolicy, refusal} from './http/access-policy.js'
import {ApiFailure, invalidField, notFound, throwIfProblems} from './http/api-failure.js'
import {requireScopes} from './http/principal.js'
import {type HttpMethod, header, type Reply, type RequestContext} from './http/request-context.js'
import type {RequestLog} from './http/request-log.js'
import {scrubbedTarget} from './http/request-log.js'
import type {Match, Route, Router} from './http/router.js'
import type {Store} from './store/index.js'
import type {VarianceMode} from './variance/variance-mode.js'

/**
 * The HTTP layer (node:http): request id, access (http/access-policy.ts), injected faults, body parsing,
 * routing, authentication and scopes, idempotency, one SQL transaction per API call, error envelope.
 */

const MAX_BODY_BYTES = 5 * 1024 * 1024

/** application/json, or any `+json` type, with or without parameters. */
const JSON_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i

class BodyTooLarge extends Error {}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)
    size += bytes.length
    if (size > MAX_BODY_BYTES) throw new BodyTooLarge()
    chunks.push(bytes)
  }
  return Buffer.concat(chunks).toString('utf8')
}

async function readRequestBody(req: IncomingMessage): Promise<string> {
  try {
    return await readBody(req)
  } catch (error) {
    if (error instanceof BodyTooLarge)
      throw new ApiFailure(413, 'PAYLOAD_TOO_LARGE', `the body exceeds ${MAX_BODY_BYTES} bytes`)
    throw error
  }
}

function routeFor(match: Match, method: string, path: string): {route: Route; params: Record<string, string>} {
  if (match.kind === 'not-found') throw notFound(`no route ${method} ${path}`)
  if (match.kind === 'method-not-allowed')
    throw new ApiFailure(405, 'METHOD_NOT_ALLOWED', `${method} is not allowed on ${path}`, {
      headers: {allow: match.allowed.join(', ')},
    })
  return match
}

/** The body as the route takes it: the raw text, a form, or JSON (which must be sent as such). */
function parseBody(
  raw: string,
  contentType: string,
  rawBody: boolean | undefined,
): {body?: unknown; form?: URLSearchParams} {
  if (rawBody) return {body: raw}
  if (/^application\/x-www-form-urlencoded\b/i.test(contentType)) return {form: new URLSearchParams(raw)}
  if (!raw.trim()) return {}
  if (!JSON_TYPE.test(contentType))
    throw new ApiFailure(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      `the body must be sent as application/json${contentType ? `, not ${contentType.split(';')[0].slice(0, 100)}` : ' (no content-type was given)'}`,
    )
  try {
    return {body: JSON.parse(raw)}
  } catch (error) {
    throw invalidField('', `the body is not valid JSON: ${messageOf(error)}`)
  }
}

function send(res: ServerResponse, reply: Reply): void {
  if (reply.raw !== undefined) {
    res.writeHead(reply.status, {
      'content-type': 'text/plain; charset=utf-8',
      ...reply.headers,
      'content-length': Buffer.byteLength(reply.raw),
    })
    res.end(reply.raw)
    return
  }
  const text = reply.body === undefined ? '' : JSON.stringify(reply.body)
  res.writeHead(reply.status, {
    ...reply.headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  })
  res.end(text)
}

/** What the HTTP layer uses of the emulator. */
export interface ServerServices {
  store: Store
  authentication: Authentication
  idempotency: Idempotency
  faults: Faults
  /** Variance mode: rewrites cursors before routing and sends the API's answers varied. */
  variance?: Pick<VarianceMode, 'rewriteRequest' | 'send'>
  /** Called when a request is done (starts the webhook deliveries it queued). */
  afterRequest(): void
  /** Where each answered request is logged (control routes aside). */
  requests?: RequestLog
  log(line: string): void
}

const failureReply = (failure: ApiFailure): Reply => ({
  status: failure.status,
  body: failure.body(),
  headers: failure.headers,
})

export class EmulatorServer {
  readonly server: Server

  constructor(
    private readonly services: ServerServices,
    private readonly router: Router,
    private readonly policy: AccessPolicy = {control: {mode: 'local'}, boundHost: '127.0.0.1'},
  ) {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch(error => {
        services.log(`emulator: ${fieldOf(error, 'stack') ?? error}`)
        if (!res.headersSent) send(res, failureReply(new ApiFailure(500, 'INTERNAL_ERROR', 'the emulator failed')))
        else res.destroy()
      })
    })
    this.server.keepAliveTimeout = 10_000
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requestId = `req_${randomBytes(12).toString('hex')}`
    res.setHeader('x-request-id', requestId)
    const method = (req.method ?? 'GET').toUpperCase()
    const url = parseRequestTarget(req.url)
    if (!url) {
      send(
        res,
        failureReply(new ApiFailure(400, 'VALIDATION_ERROR', 'the request target must be a path (origin form)')),
      )
      return
    }
    this.services.variance?.rewriteRequest(url)
    const path = url.pathname
    const matched = this.router.match(method, path)
    const access = matched.kind === 'found' ? matched.route.access : undefined
    const control = access?.kind === 'loopback'
    if (!control) this.logWhenDone(res, {method, path: scrubbedTarget(url), requestId})
    try {
      const refused = refusal(access, req, this.policy)
      if (refused) {
        // Read off the body first: closing on unread data would reset the connection before the answer arrives.
        await readRequestBody(req).catch(() => undefined)
        throw refused
      }

      const fault = control ? undefined : this.services.faults.take(method, path)
      if (!(await this.outlastsFault(fault, req, res, `${method} ${path}`))) return

      const raw = await readRequestBody(req)
      if (fault?.action === 'status') throw this.services.faults.failure(fault, method)

      const match = routeFor(matched, method, path)
      const {body, form} = parseBody(raw, header(req.headers, 'content-type') ?? '', match.route.rawBody)
      const ctx: RequestContext = {
        method: method as HttpMethod,
        path,
        params: match.params,
        query: url.searchParams,
        headers: req.headers,
        body,
        form,
        requestId,
        origin: `http://${req.headers.host ?? `${req.socket.localAddress}:${req.socket.localPort}`}`,
        remoteAddress: req.socket.remoteAddress ?? '',
        localAddress: req.socket.localAddress ?? '',
        localPort: req.socket.localPort ?? 0,
      }
      const reply = await this.dispatch(match.route, ctx)
      if (fault?.action === 'drop-after-commit') {
        req.socket.destroy()
        return
      }
      if (fault?.action === 'status-after-commit') throw this.services.faults.failure(fault, method)
      await this.respond(res, reply, method, url)
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error
      await this.respond(res, failureReply(error), method, url)
    } finally {
      this.services.afterRequest()
    }
  }

  /** Logs the request once its answer is sent or the connection closed without one (status null). */
  private logWhenDone(res: ServerResponse, entry: {method: string; path: string; requestId: string}): void {
    const log = this.services.requests
    if (!log) return
    const at = new Date()
    const started = performance.now()
    res.once('close', () => {
      const ms = Math.round(performance.now() - started)
      log.record({at: at.toISOString(), ...entry, status: res.writableFinished ? res.statusCode : null, ms})
    })
  }

  private async respond(res: ServerResponse, reply: Reply, method: string, url: URL): Promise<void> {
    if (!(await this.services.variance?.send(res, reply, method, url))) send(res, reply)
  }

  /** Applies a `drop` or `delay` fault due before the body is read; answers false when the request ends there. */
  private async outlastsFault(
    fault: Fault | undefined,
    req: IncomingMessage,
    res: ServerResponse,
    request: string,
  ): Promise<boolean> {
    if (fault?.action === 'drop') {
      req.socket.destroy()
      return false
    }
    if (fault?.action === 'delay' && !(await this.delay(req, res, fault.delayMs ?? 0))) {
      this.services.log(`emulator: ${request} not applied: the client went away during the injected delay`)
      return false
    }
    return true
  }

  /**
   * Holds a request for a `delay` fault, as a slow network or service would; answers false when the client
   * closed the connection meanwhile (a real service would not apply a request whose sender went away).
   */
  private async delay(req: IncomingMessage, res: ServerResponse, ms: number): Promise<boolean> {
    let gone = false
    const onClose = () => {
      if (!res.writableFinished) gone = true
    }
    res.once('close', onClose)
    await sleep(ms)
    res.off('close', onClose)
    return !gone && !req.socket.destroyed
  }

  private async dispatch(route: Route, ctx: RequestContext): Promise<Reply> {
    if (route.access.kind !== 'credentials') return route.handler(ctx as Parameters<Route['handler']>[0])
    const principal = this.services.authentication.authenticate(ctx.headers, ctx.path)
    if (principal instanceof ApiFailure) throw principal
    requireScopes(principal, ...(route.access.scopes ?? []))
    const authed = {...ctx, principal}

    let save: ((reply: Reply) => void) | undefined
    if (route.idempotent) {
      const key = header(ctx.headers, 'idempotency-key')
      const checked = checkIdempotencyKey(key)
      if (!checked.ok) throwIfProblems(checked.details)
      if (key !== undefined) {
        const outcome = this.services.idempotency.begin(
          principal.teamId,
          `${ctx.method} ${ctx.path}`,
          key,
          ctx.body ?? null,
        )
        if (outcome.kind === 'replay') return outcome.reply
        save = outcome.save
      }
    }
    // One SQL transaction per API call: a batch is all-or-nothing, and the stored idempotent answer
    // commits with the change it describes.
    return this.services.store.transaction(() => {
      const reply = route.handler(authed)
      if (reply instanceof Promise) throw new Error(`route ${route.method} ${route.path} must answer synchronously`)
      save?.(reply)
      return reply
    })
  }

  listen(port: number, host: string): Promise<{port: number}> {
    return new Promise((resolve, reject) => {
      const onError = (error: Error) => reject(error)
      this.server.once('error', onError)
      this.server.listen(port, host, () => {
        this.server.off('error', onError)
        const address = this.server.address()
        resolve({port: typeof address === 'object' && address ? address.port : port})
      })
    })
  }

  close(): Promise<void> {
    return new Promise(resolve => {
      this.server.close(() => resolve())
      this.server.closeAllConnections()
    })
  }
}
