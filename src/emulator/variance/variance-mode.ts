import type {ServerResponse} from 'node:http'
import {setTimeout as sleep} from 'node:timers/promises'
import type {Reply} from '../http/request-context.js'
import {SeededRandom} from './seeded-random.js'
import {variantBody} from './variant-body.js'
import {unwrapCursor} from './variant-cursor.js'

/**
 * Variance mode (`payctl emulator start --variance`, the control table's `setVariance`): the API answers with what the
 * spec allows but the emulator otherwise never does, so an integration can test its tolerance
 * (docs/emulator.md "Variance mode"). The bodies vary as `variant-body.ts` says; on top of that, per answer:
 * `Retry-After` as an HTTP date instead of seconds, `Connection: close` (one answer in three), and the body
 * sent slowly in chunks without a length (one answer in three). Every choice follows from the seed and the
 * request (method, path, query, status), so a run is reproducible. Only the API (`/api/...`) varies; hosted
 * pages, the OAuth key set and the `/_emulator` routes do not.
 */

export interface VarianceSettings {
  enabled: boolean
  seed: string
}

const CHUNKS = 6
const CHUNK_DELAY_MS = 15

const varies = (path: string) => path.startsWith('/api/') && !path.includes('jwks')

/** `Retry-After: <seconds>` as the HTTP date that many seconds from now, rounded up to the second. */
function retryAfterDate(seconds: string): string {
  const at = Math.ceil((Date.now() + Number(seconds) * 1000) / 1000) * 1000
  return new Date(at).toUTCString()
}

export class VarianceMode {
  private settings: VarianceSettings

  constructor(initial: Partial<VarianceSettings> = {}) {
    this.settings = {enabled: initial.enabled ?? false, seed: initial.seed ?? '1'}
  }

  get(): VarianceSettings {
    return {...this.settings}
  }

  set(settings: Partial<VarianceSettings>): VarianceSettings {
    this.settings = {...this.settings, ...settings}
    return this.get()
  }

  /** Before routing: a cursor this mode handed out becomes the emulator's own again. */
  rewriteRequest(url: URL): void {
    if (!this.settings.enabled || !varies(url.pathname)) return
    const cursor = url.searchParams.get('cursor')
    const inner = cursor ? unwrapCursor(cursor) : undefined
    if (inner !== undefined) url.searchParams.set('cursor', inner)
  }

  /** Sends a JSON answer of the API with variance; answers false (nothing sent) when the mode does not apply. */
  async send(res: ServerResponse, reply: Reply, method: string, url: URL): Promise<boolean> {
    if (!this.settings.enabled || !varies(url.pathname) || reply.raw !== undefined) return false
    const random = new SeededRandom(`${this.settings.seed}|${method}|${url.pathname}${url.search}|${reply.status}`)
    const body = reply.body === undefined ? undefined : variantBody(reply.body, random)
    const text = body === undefined ? '' : JSON.stringify(body)
    const headers: Record<string, string | string[]> = {...reply.headers}
    const retryAfter = headers['retry-after']
    if (typeof retryAfter === 'string' && /^\d+$/.test(retryAfter)) headers['retry-after'] = retryAfterDate(retryAfter)
    headers['content-type'] = 'application/json; charset=utf-8'
    if (random.chance(1, 3)) headers.connection = 'close'
    if (!text || !random.chance(1, 3)) {
      res.writeHead(reply.status, {...headers, 'content-length': String(Buffer.byteLength(text))})
      res.end(text)
      return true
    }
    res.writeHead(reply.status, headers)
    const size = Math.ceil(text.length / CHUNKS)
    for (let start = 0; start < text.length && !res.destroyed; start += size) {
      res.write(text.slice(start, start + size))
      await sleep(CHUNK_DELAY_MS)
    }
    res.end()
    return true
  }
}
