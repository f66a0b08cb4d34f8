import {createHash, randomBytes} from 'node:crypto'
import {request} from 'undici'
import {expect} from 'vitest'
import {LOCAL_EMULATOR} from '../../src/shared/local-emulator.js'
import type {Body, Res} from './helpers.js'

/** Raw-HTTP helpers for the authorization server tests: PKCE, authorize, token, a browser with cookies. */

export const PLATFORM_CLIENT = LOCAL_EMULATOR.oauthClientId
export const LOOPBACK_REDIRECT = 'http://127.0.0.1:53682/callback'
export const MAIN_TEAM = '3f9a1c2e-5b7d-4e8f-9a0b-1c2d3e4f5a6b'
export const OTHER_TEAM = '8c7b6a59-4d3e-4f2a-8b1c-0d9e8f7a6b5c'

export function pkce() {
  const verifier = randomBytes(32).toString('base64url')
  return {verifier, challenge: createHash('sha256').update(verifier).digest('base64url')}
}

export const claimsOf = (jwt: string): Body => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString())

async function send(
  url: string,
  options: {method?: string; headers?: Record<string, string>; body?: string} = {},
): Promise<Res> {
  const response = await request(url, {
    method: (options.method ?? 'GET') as 'GET',
    headers: options.headers,
    body: options.body,
    // No keep-alive: tests restart emulators on the same port.
    reset: true,
  })
  const text = await response.body.text()
  let body: Body
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {
    body = text
  }
  return {status: response.statusCode, headers: response.headers, body, text}
}

export interface AuthorizeParams {
  client_id?: string
  redirect_uri?: string
  response_type?: string
  scope?: string
  state?: string
  code_challenge?: string
  code_challenge_method?: string
  resource?: string
  login_hint?: string
  team_hint?: string
  team_name?: string
}

export class OAuth {
  constructor(readonly url: string) {}

  get v1() {
    return `${this.url}/api/v1`
  }

  get v2() {
    return `${this.url}/api/v2`
  }

  authorizeUrl(params: AuthorizeParams, omit: string[] = []): string {
    const url = new URL('/api/auth/oauth2/authorize', this.url)
    const all: Record<string, string | undefined> = {
      client_id: PLATFORM_CLIENT,
      redirect_uri: LOOPBACK_REDIRECT,
      response_type: 'code',
      scope: 'team:read payouts:read payouts:write offline_access',
      state: 'state-123',
      code_challenge_method: 'S256',
      resource: this.v1,
      ...params,
    }
    for (const [key, value] of Object.entries(all))
      if (value !== undefined && !omit.includes(key)) url.searchParams.set(key, value)
    return url.toString()
  }

  /** GET authorize without following the redirect. */
  authorize(params: AuthorizeParams, omit: string[] = [], headers: Record<string, string> = {}): Promise<Res> {
    return send(this.authorizeUrl(params, omit), {headers})
  }

  /** An authorization code through auto-consent (the emulator must run with autoConsent). */
  async code(params: AuthorizeParams = {}) {
    const {verifier, challenge} = pkce()
    const res = await this.authorize({login_hint: 'owner@example.com', code_challenge: challenge, ...params})
    expect(res.status, res.text).toBe(303)
    const location = new URL(res.headers.location as string)
    const code = location.searchParams.get('code')
    expect(code, location.toString()).toBeTruthy()
    return {
      code: code!,
      verifier,
      redirectUri: params.redirect_uri ?? LOOPBACK_REDIRECT,
      resource: params.resource ?? this.v1,
      clientId: params.client_id ?? PLATFORM_CLIENT,
      location,
    }
  }

  token(form: Record<string, string | undefined> | string, headers: Record<string, string> = {}): Promise<Res> {
    const params = new URLSearchParams()
    if (typeof form !== 'string')
      for (const [key, value] of Object.entries(form)) if (value !== undefined) params.set(key, value)
    return send(`${this.url}/api/auth/oauth2/token`, {
      method: 'POST',
      headers: {'content-type': 'application/x-www-form-urlencoded', ...headers},
      body: typeof form === 'string' ? form : params.toString(),
    })
  }

  revoke(form: Record<string, string>, headers: Record<string, string> = {}): Promise<Res> {
    return send(`${this.url}/api/auth/oauth2/revoke`, {
      method: 'POST',
      headers: {'content-type': 'application/x-www-form-urlencoded', ...headers},
      body: new URLSearchParams(form).toString(),
    })
  }

  /** The tokens of a fresh login (auto-consent). */
  async login(params: AuthorizeParams = {}): Promise<Body> {
    const c = await this.code(params)
    const res = await this.token({
      grant_type: 'authorization_code',
      code: c.code,
      redirect_uri: c.redirectUri,
      code_verifier: c.verifier,
      client_id: c.clientId,
      resource: c.resource,
    })
    expect(res.status, res.text).toBe(200)
    return res.body
  }

  refresh(refreshToken: string, extra: Record<string, string> = {}): Promise<Res> {
    return this.token({grant_type: 'refresh_token', refresh_token: refreshToken, client_id: PLATFORM_CLIENT, ...extra})
  }

  /** An API call with a bearer token. */
  api(method: string, path: string, token: string, body?: unknown): Promise<Res> {
    return send(`${this.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : {'content-type': 'application/json'}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  }
}

/** Asserts an OAuth error answer `{error, error_description}`. */
export function expectOAuthError(res: Res, status: number, error: string, description?: RegExp): void {
  expect(res.status, res.text).toBe(status)
  expect(res.body.error, res.text).toBe(error)
  expect(typeof res.body.error_description).toBe('string')
  if (description) expect(res.body.error_description).toMatch(description)
  expect(res.headers['cache-control']).toBe('no-store')
}

/** A browser as far as these pages need one: a cookie jar, no redirects followed, forms posted. */
export class Browser {
  private readonly cookies = new Map<string, string>()

  constructor(readonly origin: string) {}

  async get(url: string): Promise<Res> {
    return this.keep(await send(new URL(url, this.origin).toString(), {headers: this.cookieHeader()}))
  }

  async post(url: string, form: Record<string, string>): Promise<Res> {
    return this.keep(
      await send(new URL(url, this.origin).toString(), {
        method: 'POST',
        headers: {'content-type': 'application/x-www-form-urlencoded', ...this.cookieHeader()},
        body: new URLSearchParams(form).toString(),
      }),
    )
  }

  /** Follows redirects on the emulator's origin; stops at the first one elsewhere (the client's callback). */
  async follow(res: Res): Promise<Res> {
    let current = res
    while (current.status === 303 || current.status === 302) {
      const location = new URL(current.headers.location as string, this.origin)
      if (location.origin !== this.origin) return current
      current = await this.get(location.toString())
    }
    return current
  }

  private cookieHeader(): Record<string, string> {
    if (!this.cookies.size) return {}
    return {cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')}
  }

  private keep(res: Res): Res {
    const set = res.headers['set-cookie']
    for (const line of Array.isArray(set) ? set : set ? [set] : []) {
      const [pair] = line.split(';')
      const [name, ...value] = pair.split('=')
      this.cookies.set(name.trim(), value.join('='))
    }
    return res
  }
}

/** The forms of a page: action, method, the named inputs with their values, and the submit buttons. */
export function parseForms(html: string) {
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].map(([, attrs, inner]) => {
    const attr = (text: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(text)?.[1]
    const decode = (text = '') =>
      text
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&')
    const inputs = [...inner.matchAll(/<input\b([^>]*)>/g)].map(([, a]) => ({
      name: attr(a, 'name'),
      id: attr(a, 'id'),
      type: attr(a, 'type'),
      value: decode(attr(a, 'value')),
      checked: /\bchecked\b/.test(a),
    }))
    const buttons = [...inner.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/g)].map(([, a, label]) => ({
      name: attr(a, 'name'),
      value: decode(attr(a, 'value')),
      label: decode(label),
    }))
    const labels = [...inner.matchAll(/<label\b[^>]*\bfor="([^"]*)"/g)].map(([, id]) => id)
    return {action: decode(attr(attrs, 'action')), method: attr(attrs, 'method'), inputs, buttons, labels}
  })
}

/** Submits the page's form with `button` (its value) and `fields` (else the inputs' current values). */
export async function submit(browser: Browser, page: Res, button: string, fields: Record<string, string> = {}) {
  const forms = parseForms(page.text)
  const form = forms.find(f => f.buttons.some(b => b.value === button))
  expect(form, `no form with a "${button}" button in:\n${page.text}`).toBeDefined()
  const data: Record<string, string> = {}
  for (const input of form!.inputs) {
    if (!input.name) continue
    if (input.type === 'radio' && !input.checked) continue
    data[input.name] = input.value
  }
  Object.assign(data, fields, {action: button})
  expect(form!.method).toBe('post')
  return browser.post(form!.action, data)
}
