import {createHmac} from 'node:crypto'
import {createServer, type IncomingHttpHeaders} from 'node:http'
import type {AddressInfo} from 'node:net'
import {request} from 'undici'
import {expect} from 'vitest'
import {LOCAL_EMULATOR} from '../../src/shared/local-emulator.js'

/** Raw-HTTP helpers for the emulator conformance suite (no CLI, no src/client). */

export const FULL = LOCAL_EMULATOR.fullKey
export const DEFAULT = LOCAL_EMULATOR.defaultKey
export const OTHER = LOCAL_EMULATOR.otherTeamFullKey

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected freely in tests
export type Body = any

export interface Res {
  status: number
  headers: IncomingHttpHeaders
  body: Body
  text: string
}

export interface CallOptions {
  /** API key; `null` sends no Authorization header. Default: the full key. */
  key?: string | null
  body?: unknown
  /** A raw body string (sent as is). */
  raw?: string
  headers?: Record<string, string>
  query?: Record<string, string | number | string[]>
  idempotencyKey?: string
}

export class Api {
  constructor(readonly url: string) {}

  async call(method: string, path: string, options: CallOptions = {}): Promise<Res> {
    const url = new URL(path, this.url)
    for (const [name, value] of Object.entries(options.query ?? {}))
      for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(item))
    const headers: Record<string, string> = {...options.headers}
    const key = options.key === undefined ? FULL : options.key
    if (key !== null) headers.authorization = `Bearer ${key}`
    if (options.idempotencyKey !== undefined) headers['idempotency-key'] = options.idempotencyKey
    let body: string | undefined = options.raw
    if (options.body !== undefined) body = JSON.stringify(options.body)
    if (body !== undefined) headers['content-type'] = 'application/json'
    const response = await request(url, {method: method as 'GET', headers, body})
    const text = await response.body.text()
    let parsed: Body
    try {
      parsed = text ? JSON.parse(text) : undefined
    } catch {
      parsed = text
    }
    return {status: response.statusCode, headers: response.headers, body: parsed, text}
  }

  get = (path: string, options?: CallOptions) => this.call('GET', path, options)
  post = (path: string, body?: unknown, options?: CallOptions) => this.call('POST', path, {...options, body})
  patch = (path: string, body?: unknown, options?: CallOptions) => this.call('PATCH', path, {...options, body})
  delete = (path: string, options?: CallOptions) => this.call('DELETE', path, options)

  // ---- shortcuts ----

  async v1Create(fields: Record<string, unknown> = {}, key: string = FULL): Promise<Body> {
    const res = await this.post(
      '/api/v1/payout',
      {description: 'Royalties', payoutAmount: '10.00', currency: 'EUR', email: 'ada@example.com', ...fields},
      {key},
    )
    expect(res.status, res.text).toBe(200)
    return res.body
  }

  async v2Create(fields: Record<string, unknown> = {}, key: string = FULL): Promise<Body> {
    const res = await this.post('/api/v2/payouts', v2Item(fields), {key})
    expect(res.status, res.text).toBe(200)
    return res.body
  }

  async counterparty(fields: Record<string, unknown> = {}, key: string = FULL): Promise<Body> {
    const res = await this.post('/api/v2/counterparties', counterpartyBody(fields), {key})
    expect(res.status, res.text).toBe(200)
    return res.body
  }

  async claim(id: string, method: string, details: Record<string, string>): Promise<Res> {
    return this.post(`/_emulator/payouts/${id}/claim`, {method, details}, {key: null})
  }

  async account(currency: string, key: string = FULL): Promise<Body> {
    const res = await this.get('/api/v2/accounts', {key})
    return res.body.data.find((account: Body) => account.currency === currency)
  }

  async v1Count(key: string = FULL): Promise<number> {
    const res = await this.get('/api/v1/payouts', {key, query: {limit: 100}})
    return res.body.length
  }

  async advance(seconds: number): Promise<Body> {
    const res = await this.post('/_emulator/clock', {advanceSeconds: seconds}, {key: null})
    expect(res.status, res.text).toBe(200)
    return res.body
  }

  async deliveries(): Promise<Body[]> {
    const res = await this.get('/_emulator/webhooks/deliveries', {key: null})
    return res.body.data
  }

  async newTeam(body: Record<string, unknown> = {}): Promise<{teamId: string; key: string}> {
    const res = await this.post('/_emulator/teams', {name: 'Extra team', ...body}, {key: null})
    expect(res.status, res.text).toBe(200)
    return res.body
  }
}

export const v2Item = (fields: Record<string, unknown> = {}) => ({
  description: 'Royalties',
  amount: '10.00',
  currency: 'EUR',
  recipient: {type: 'email', email: 'ada@example.com'},
  ...fields,
})

export const counterpartyBody = (fields: Record<string, unknown> = {}) => ({
  identity: {type: 'individual', firstName: 'Grace', lastName: 'Hopper'},
  email: 'grace@example.com',
  address: {line1: 'Hauptstr. 1', city: 'Berlin', postalCode: '10115', country: 'DE'},
  paymentMethod: {type: 'bank_iban', iban: 'DE89370400440532013000', currency: 'EUR'},
  taxIdentity: {taxId: '12345678901', dateOfBirth: '1990-04-30'},
  ...fields,
})

/** Asserts the error envelope, the code and (optionally) a detail path. */
export function expectError(res: Res, status: number, code: string, detailPath?: string): void {
  expect(res.status, res.text).toBe(status)
  expect(res.body.error.code, res.text).toBe(code)
  expect(typeof res.body.error.message).toBe('string')
  expect(res.headers['x-request-id']).toMatch(/^req_/)
  if (detailPath !== undefined) {
    expect(Array.isArray(res.body.error.details), res.text).toBe(true)
    expect(
      res.body.error.details.map((d: Body) => d.path),
      res.text,
    ).toContain(detailPath)
  }
}

export interface Received {
  headers: IncomingHttpHeaders
  body: string
}

/** A webhook receiver on 127.0.0.1: answers each delivery with the next status of `statuses` (then the last). */
export async function startReceiver(statuses: number[] = [200]) {
  const received: Received[] = []
  let answered = 0
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', chunk => chunks.push(chunk))
    req.on('end', () => {
      received.push({headers: req.headers, body: Buffer.concat(chunks).toString('utf8')})
      const status = statuses[Math.min(answered++, statuses.length - 1)]
      res.writeHead(status, {'content-type': 'text/plain'})
      res.end('ok')
    })
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () =>
      new Promise<void>(resolve => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

export const hmacHex = (secret: string, timestamp: string, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')
