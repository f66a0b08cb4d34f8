import {createServer} from 'node:http'
import type {AddressInfo} from 'node:net'
import {request} from 'undici'
import {afterAll, beforeAll, expect} from 'vitest'
import type {Api, Body} from '../emulator/helpers.js'

/** Shared by the hosted-page tests: minting session URLs, the redirect target, a cookie-keeping HTTP visitor. */

export const OWNER = 'owner@example.com'
export const MEMBER = 'ops@example.com'
export const OTHER_OWNER = 'owner@other.example.com'

export type Kind = 'payout' | 'approval' | 'kyb' | 'allowance'

/** `POST /api/v1/session/<kind>` through the API; answers the minted URL. */
export async function mint(api: Api, kind: Kind, body: Record<string, unknown>, key?: string): Promise<string> {
  const res = await api.post(`/api/v1/session/${kind}`, body, key ? {key} : undefined)
  expect(res.status, res.text).toBe(200)
  expect(res.body.url).toMatch(new RegExp(`/hosted/${kind}/[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$`))
  return res.body.url
}

/** A pre-approved v1 payout to `email` (default EUR 12.50). */
export async function approvedPayout(api: Api, fields: Record<string, unknown> = {}): Promise<Body> {
  return api.v1Create({payoutAmount: '12.50', preApproved: true, ...fields})
}

export const v1Status = async (api: Api, id: string): Promise<string> =>
  (await api.get(`/api/v1/payout/${id}`)).body.status
export const v2Status = async (api: Api, id: string): Promise<string> =>
  (await api.get(`/api/v2/payouts/payout_${id}`)).body.status

/** A tiny page on 127.0.0.1 standing for the integrator's app that `redirectUrl` points at. */
export async function startRedirectTarget() {
  const hits: string[] = []
  const server = createServer((req, res) => {
    hits.push(req.url ?? '/')
    res.writeHead(200, {'content-type': 'text/html; charset=utf-8'})
    res.end('<!doctype html><html lang="en"><title>Integrator</title><h1>Back at the integrator</h1></html>')
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    url: (path = '/done') => `${origin}${path}`,
    hits,
    close: () =>
      new Promise<void>(resolve => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/** The redirect target for a whole test file: started before its tests, closed after them. */
export function useRedirectTarget() {
  let target: Awaited<ReturnType<typeof startRedirectTarget>> | undefined
  beforeAll(async () => {
    target = await startRedirectTarget()
  })
  afterAll(async () => {
    await target?.close()
  })
  return {
    get origin() {
      return target!.origin
    },
    url: (path?: string) => target!.url(path),
  }
}

export interface PageResponse {
  status: number
  location?: string
  html: string
  headers: Record<string, string | string[] | undefined>
}

/** Text content of an HTML fragment, whitespace collapsed (for assertions on what a person reads). */
export const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim()

/**
 * A browser stand-in over plain HTTP: keeps cookies, reads the form token from the last page, posts forms
 * (urlencoded), and can follow the 303 after a POST.
 */
const unescapeHtml = (text: string) =>
  text.replace(
    /&(quot|#39|lt|gt|amp);/g,
    (_, name: string) => ({quot: '"', '#39': "'", lt: '<', gt: '>', amp: '&'})[name]!,
  )

export class Visitor {
  readonly cookies = new Map<string, string>()
  last = ''

  constructor(readonly origin?: string) {}

  private remember(headers: Record<string, string | string[] | undefined>): void {
    const raw = headers['set-cookie']
    for (const line of Array.isArray(raw) ? raw : raw ? [raw] : []) {
      const [pair, ...attributes] = line.split(';')
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      if (attributes.some(a => /max-age=0/i.test(a.trim())) || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  private cookieHeader(): Record<string, string> {
    if (!this.cookies.size) return {}
    return {cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')}
  }

  async get(url: string): Promise<PageResponse> {
    const res = await request(url, {headers: this.cookieHeader()})
    const html = await res.body.text()
    this.remember(res.headers)
    this.last = html
    return {status: res.statusCode, html, headers: res.headers, location: res.headers.location as string | undefined}
  }

  /** Posts `fields` (plus the form token of the last page unless given) to a path of the page's URL. */
  async post(
    url: string,
    fields: Record<string, string>,
    options: {origin?: string | null} = {},
  ): Promise<PageResponse> {
    const csrf = /name="csrf" value="([^"]+)"/.exec(this.last)?.[1] ?? ''
    const form = new URLSearchParams({csrf, ...fields})
    // What the approval page showed, as a browser submits it with the form.
    for (const [, value] of this.last.matchAll(/<input type="hidden" name="shown" value="([^"]*)">/g))
      if (!('shown' in fields)) form.append('shown', unescapeHtml(value))
    const body = form.toString()
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      ...this.cookieHeader(),
    }
    const origin = options.origin === undefined ? new URL(url).origin : options.origin
    if (origin !== null) headers.origin = origin
    const res = await request(url, {method: 'POST', headers, body})
    const html = await res.body.text()
    this.remember(res.headers)
    if (html) this.last = html
    return {status: res.statusCode, html, headers: res.headers, location: res.headers.location as string | undefined}
  }

  /** Posts and, on a 303, loads the page it points at. */
  async submit(url: string, fields: Record<string, string>): Promise<PageResponse> {
    const res = await this.post(url, fields)
    if (res.status !== 303 || !res.location) return res
    return this.get(new URL(res.location, url).toString())
  }

  /** Signs in on a session page with `email` and the code the emulator shows. */
  async signIn(sessionUrl: string, email: string): Promise<PageResponse> {
    await this.get(sessionUrl)
    const codePage = await this.submit(`${sessionUrl}/sign-in`, {email})
    expect(codePage.status, textOf(codePage.html)).toBe(200)
    const code = /id="sign-in-code">(\d{6})</.exec(codePage.html)?.[1]
    expect(code, textOf(codePage.html)).toBeDefined()
    return this.submit(`${sessionUrl}/verify`, {code: code!})
  }
}
