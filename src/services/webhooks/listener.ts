import {mkdir} from 'node:fs/promises'
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http'
import {join} from 'node:path'
import {writeFileAtomic} from '../../shared/atomic-file.js'
import {httpCall} from '../../shared/http-call.js'
import {listeningAddress} from '../../shared/listening-address.js'
import {present} from '../../shared/present.js'
import {causeOf, errnoCode, messageOf} from '../../shared/thrown.js'
import {type DeliverySummary, summarize} from './payload.js'
import {
  findSignatureHeaders,
  type SignatureHeaders,
  type VerifyReason,
  type VerifyResult,
  verify,
} from './webhook-signature.js'

/** Deliveries larger than this are answered 413 (DESIGN: 1 MiB). */
export const MAX_BODY_BYTES = 1024 * 1024
/** Past this many bytes an oversized request is cut off instead of drained. */
const MAX_DRAIN_BYTES = 64 * MAX_BODY_BYTES
const FORWARD_TIMEOUT_MS = 10_000

interface Reply {
  body: unknown
  headers?: Record<string, string>
}

/** The parsed body, or the text as is when it is not JSON. */
function parseJson(text: string): {body: unknown; json: boolean} {
  try {
    return {body: JSON.parse(text), json: true}
  } catch {
    return {body: text, json: false}
  }
}

export type ListenReason = VerifyReason | 'invalid_json' | 'body_too_large'

/**
 * One received delivery, as `webhooks listen --json` prints it (DESIGN: `{receivedAt, verified, reason?, status?,
 * payoutId?, amount?, currency?, body}`), plus what the listener answered and, with --forward-to, what the app
 * answered.
 */
export interface Delivery extends DeliverySummary {
  receivedAt: string
  verified: boolean
  reason?: ListenReason
  /** The reason in words, e.g. "the timestamp is 412 s old (tolerance 300 s)". */
  detail?: string
  /** The parsed JSON body; the raw text when it is not JSON; null when it was too large to keep. */
  body: unknown
  /** The same signature and timestamp arrived before: a replay of an earlier delivery, not a new one. */
  duplicate?: boolean
  /** The HTTP status the listener answered. */
  response: number
  forward?: {url: string; status?: number; error?: string}
  /** Where the raw body was saved (--save). */
  saved?: string
}

export interface ListenerOptions {
  host: string
  port: number
  secrets: string[]
  toleranceSeconds: number
  /** Statuses to answer accepted deliveries with, in turn; the last one repeats. */
  respondWith?: number[]
  forwardTo?: string
  /** Forward deliveries whose signature did not verify too (--forward-unverified). */
  forwardUnverified?: boolean
  saveDir?: string
  /** Only these events are shown, forwarded and saved (names of `EVENT_NAMES`); others are answered 200. */
  events?: string[]
  maxBodyBytes?: number
  onDelivery(delivery: Delivery): void
  /** Problems that do not concern one delivery (a failed save, a malformed HTTP request). */
  onProblem?(message: string): void
  now?: () => number
}

/** `--respond-with 200`, `500,500,200`: HTTP statuses, 100 to 599. */
export function parseRespondWith(value: string): number[] {
  const items = value.split(',').map(item => item.trim())
  if (!items.length || items.some(item => !/^\d{3}$/.test(item) || Number(item) < 100 || Number(item) > 599))
    throw new Error(`--respond-with "${value}" must be HTTP statuses (100-599) separated by commas, e.g. 500,500,200`)
  return items.map(Number)
}

/** Never passed on to the app: credentials of whoever sent the request (it may be anyone, through a tunnel). */
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie'])

const HOP_BY_HOP = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'keep-alive',
  'upgrade',
  'proxy-connection',
  'proxy-authorization',
  'te',
  'trailer',
  'expect',
])

interface ReadBody {
  body: Buffer
  tooLarge: boolean
  aborted: boolean
}

function readBody(req: IncomingMessage, limit: number): Promise<ReadBody> {
  return new Promise(resolve => {
    const chunks: Buffer[] = []
    let size = 0
    let tooLarge = Number(req.headers['content-length'] ?? 0) > limit
    let done = false
    const finish = (aborted: boolean) => {
      if (done) return
      done = true
      resolve({body: tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks), tooLarge, aborted})
    }
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        tooLarge = true
        chunks.length = 0
      } else if (!tooLarge) chunks.push(chunk)
      if (size > MAX_DRAIN_BYTES) {
        req.destroy()
        finish(true)
      }
    })
    req.on('end', () => finish(false))
    req.on('error', () => finish(true))
    req.on('close', () => finish(!req.complete))
  })
}

function answer(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return
  res.writeHead(status, {'content-type': 'application/json', ...headers})
  res.end(`${JSON.stringify(body)}\n`)
}

const errorBody = (code: string, message: string) => ({error: {code, message}})

/**
 * A verified delivery's timestamp and signature as one key: hex has two spellings of each digit, and the check
 * accepts both, so the key is the lower-case one (a replay in upper or mixed case is the same delivery).
 */
const deliveryPair = (headers: SignatureHeaders) =>
  `${headers.timestamp?.trim()}.${headers.signature?.trim().toLowerCase()}`

/**
 * Signature and timestamp pairs of verified deliveries, to spot a delivery received twice. Pairs older than an
 * hour are forgotten (the timestamp check rejects such replays anyway), and at most 10,000 are kept.
 */
class SeenDeliveries {
  private readonly pairs = new Map<string, number>()

  /** Records the pair; true when it was seen before. */
  repeated(pair: string, now: number): boolean {
    for (const [key, at] of this.pairs) {
      if (at > now - 3_600_000 && this.pairs.size < 10_000) break
      this.pairs.delete(key)
    }
    const before = this.pairs.has(pair)
    if (!before) this.pairs.set(pair, now)
    return before
  }
}

/**
 * The local webhook receiver of `payctl webhooks listen`: verifies every delivery, answers like a receiver
 * would (401 bad signature, 400 not JSON, 413 too large, otherwise the --respond-with sequence, the app's answer
 * with --forward-to, or 200), and reports each delivery. A handler error never stops the server.
 */
export class WebhookListener {
  private server?: Server
  private responses = 0
  private saved = 0
  private readonly maxBodyBytes: number
  private readonly seen = new SeenDeliveries()

  constructor(private readonly options: ListenerOptions) {
    this.maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_BYTES
  }

  get url(): string {
    const address = listeningAddress(this.server, 'the listener')
    const host = address.family === 'IPv6' || address.address.includes(':') ? `[${address.address}]` : address.address
    return `http://${host}:${address.port}/`
  }

  async start(): Promise<this> {
    if (this.options.saveDir) await mkdir(this.options.saveDir, {recursive: true, mode: 0o700})
    const server = createServer((req, res) => {
      this.handle(req, res).catch(error => {
        this.options.onProblem?.(`could not handle a request: ${messageOf(error)}`)
        answer(res, 500, errorBody('LISTENER_ERROR', 'the listener failed to handle this request'))
      })
    })
    server.on('clientError', (error, socket) => {
      this.options.onProblem?.(`malformed HTTP request: ${error.message}`)
      if (socket.writable && !errnoCode(error)?.startsWith('ECONNRESET'))
        socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
      else socket.destroy()
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(this.options.port, this.options.host, () => {
        server.off('error', reject)
        resolve()
      })
    })
    server.on('error', error => this.options.onProblem?.(`server error: ${error.message}`))
    this.server = server
    return this
  }

  async close(): Promise<void> {
    const server = this.server
    if (!server) return
    this.server = undefined
    server.closeAllConnections()
    await new Promise<void>(resolve => server.close(() => resolve()))
  }

  private nextStatus(): number | undefined {
    const sequence = this.options.respondWith
    if (!sequence?.length) return undefined
    const status = sequence[Math.min(this.responses, sequence.length - 1)]
    this.responses++
    return status
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') {
      req.resume()
      answer(res, 405, errorBody('METHOD_NOT_ALLOWED', 'webhook deliveries are POST requests'), {allow: 'POST'})
      return
    }
    const read = await readBody(req, this.maxBodyBytes)
    if (read.aborted) return
    const now = this.options.now?.() ?? Date.now()
    const receivedAt = new Date(now).toISOString()

    if (read.tooLarge) {
      const detail = `the body is larger than ${this.maxBodyBytes} bytes`
      this.report({receivedAt, verified: false, reason: 'body_too_large', detail, body: null, response: 413})
      answer(res, 413, errorBody('BODY_TOO_LARGE', detail), {connection: 'close'})
      return
    }

    const headers = findSignatureHeaders(req.headers)
    const result = verify({
      secrets: this.options.secrets,
      signature: headers.signature,
      timestamp: headers.timestamp,
      body: read.body,
      toleranceSeconds: this.options.toleranceSeconds,
      now,
    })
    const {body, json} = parseJson(read.body.toString('utf8'))
    const summary = summarize(json ? body : undefined)
    if (result.ok && json && this.options.events && !this.options.events.includes(summary.status ?? '')) {
      answer(res, 200, {received: true, ignored: 'not in --events'})
      return
    }
    // Unsigned or wrongly signed requests stay here unless --forward-unverified: the app behind is not exposed.
    const forwarding = this.options.forwardTo && (result.ok || this.options.forwardUnverified)
    const forward = forwarding ? await this.forward(req, read.body) : undefined
    const delivery: Delivery = {receivedAt, verified: result.ok, ...summary, body, response: 0}
    if (result.ok && this.seen.repeated(deliveryPair(headers), now)) delivery.duplicate = true
    const reply = this.reply(delivery, result, json, forward)
    if (forward) delivery.forward = forward
    if (this.options.saveDir) delivery.saved = await this.save(req, read.body, delivery)
    // Shown before the answer goes out, so the sender never sees an answer that is not on screen yet.
    this.report(delivery)
    answer(res, delivery.response, reply.body, reply.headers)
  }

  /** Sets the delivery's answer (and why it was refused) and returns what goes back to the sender. */
  private reply(delivery: Delivery, result: VerifyResult, json: boolean, forward: Delivery['forward']): Reply {
    if (!result.ok) {
      delivery.reason = result.reason
      delivery.detail = result.message
      delivery.response = 401
      return {body: errorBody(result.reason.toUpperCase(), result.message)}
    }
    if (!json) {
      delivery.reason = 'invalid_json'
      delivery.detail = 'the body is not JSON (the signature is valid)'
      delivery.response = 400
      return {body: errorBody('INVALID_JSON', 'the body is not JSON')}
    }
    const status = this.nextStatus() ?? (forward ? (forward.status ?? 502) : 200)
    delivery.response = status
    if (status >= 200 && status < 300) return {body: {received: true}}
    return {
      body: errorBody('ANSWERED_BY_LISTENER', `answered ${status} as asked`),
      headers: status === 429 ? {'retry-after': '60'} : {},
    }
  }

  private report(delivery: Delivery): void {
    try {
      this.options.onDelivery(delivery)
    } catch (error) {
      this.options.onProblem?.(`could not show a delivery: ${messageOf(error)}`)
    }
  }

  /** Passes the delivery on with its original body and headers; returns the app's status or the error. */
  private async forward(req: IncomingMessage, body: Buffer): Promise<NonNullable<Delivery['forward']>> {
    const url = present(this.options.forwardTo)
    const headers: Record<string, string | string[]> = {}
    for (const [name, value] of Object.entries(req.headers))
      if (value !== undefined && !HOP_BY_HOP.has(name) && !CREDENTIAL_HEADERS.has(name)) headers[name] = value
    try {
      const response = await httpCall(url, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
      })
      response.body.resume()
      return {url, status: response.statusCode}
    } catch (error) {
      const code = errnoCode(error)
      const cause = errnoCode(causeOf(error))
      return {url, error: cause ?? code ?? messageOf(error)}
    }
  }

  /** --save: the raw body as received (`NNNN-status-id.body`) and the request headers (`.headers`). */
  private async save(req: IncomingMessage, body: Buffer, delivery: Delivery): Promise<string | undefined> {
    this.saved++
    const name = [String(this.saved).padStart(4, '0'), delivery.status, delivery.payoutId]
      .filter(Boolean)
      .join('-')
      .replace(/[^A-Za-z0-9._-]/g, '_')
    const base = join(present(this.options.saveDir), name)
    const lines: string[] = []
    for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`)
    try {
      await writeFileAtomic(`${base}.body`, body)
      await writeFileAtomic(`${base}.headers`, `${lines.join('\n')}\n`)
      return `${base}.body`
    } catch (error) {
      this.options.onProblem?.(`could not save the delivery to ${base}: ${messageOf(error)}`)
      return undefined
    }
  }
}
