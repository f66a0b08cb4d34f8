import {createHmac, randomBytes, randomInt, timingSafeEqual} from 'node:crypto'
import type {IncomingHttpHeaders} from 'node:http'
import {decodeSigned, encodeSigned} from '../domain/signed-blobs.js'
import {header} from '../http/request-context.js'

/**
 * What keeps the hosted pages safe without a framework:
 * - a browser cookie (random id) that form tokens are bound to: every POST carries a token that is the
 *   HMAC of that id and the session (`csrfToken`), so another site cannot submit a form for the visitor
 *   (and the `Origin` header, when sent, must be the emulator's own);
 * - one-time sign-in codes (`SignInCodes`), shown by the emulator instead of e-mailed;
 * - the signed-in identity, an HMAC-signed cookie with an expiry on the emulator clock.
 * Cookies are `HttpOnly`, `SameSite=Lax` and scoped to `/hosted`.
 */

export const COOKIE = {
  browser: 'payctl_hosted_browser',
  auth: 'payctl_hosted_auth',
  challenge: 'payctl_hosted_challenge',
} as const

/** How long a sign-in lasts and how long a code is valid (emulator clock). */
export const SIGN_IN_LIFETIME_MS = 12 * 60 * 60 * 1000
export const CODE_LIFETIME_MS = 10 * 60 * 1000
export const CODE_ATTEMPTS = 5

const AUTH_PURPOSE = 'hosted-auth'
const ID = /^[A-Za-z0-9_-]{22}$/

export function parseCookies(headers: IncomingHttpHeaders): Map<string, string> {
  const cookies = new Map<string, string>()
  for (const part of (header(headers, 'cookie') ?? '').split(';')) {
    const eq = part.indexOf('=')
    if (eq < 1) continue
    const name = part.slice(0, eq).trim()
    if (!cookies.has(name)) cookies.set(name, part.slice(eq + 1).trim())
  }
  return cookies
}

export function setCookie(name: string, value: string): string {
  return `${name}=${value}; Path=/hosted; HttpOnly; SameSite=Lax`
}

export const clearCookie = (name: string): string => `${name}=; Path=/hosted; HttpOnly; SameSite=Lax; Max-Age=0`

export const newId = (): string => randomBytes(16).toString('base64url')

/** The browser id from its cookie, or a new one to set. */
export function browserId(cookies: Map<string, string>): {id: string; isNew: boolean} {
  const id = cookies.get(COOKIE.browser)
  return id && ID.test(id) ? {id, isNew: false} : {id: newId(), isNew: true}
}

/** The form token of a browser on a session (the session token's `jti`). */
export const csrfToken = (secret: string, browser: string, jti: string): string =>
  createHmac('sha256', secret).update(`hosted-form.${browser}.${jti}`).digest('base64url')

/** Whether a POST is the visitor's own: a browser cookie, the matching form token, the emulator's origin. */
export function formIsGenuine(options: {
  secret: string
  cookies: Map<string, string>
  form: URLSearchParams | undefined
  jti: string
  originHeader: string | undefined
  origin: string
}): boolean {
  if (options.originHeader !== undefined && options.originHeader !== options.origin) return false
  const browser = options.cookies.get(COOKIE.browser)
  const sent = options.form?.get('csrf')
  if (!browser || !ID.test(browser) || !sent) return false
  const expected = Buffer.from(csrfToken(options.secret, browser, options.jti))
  const actual = Buffer.from(sent)
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}

/** The signed-in e-mail address, if the auth cookie is genuine and not expired. */
export function signedInEmail(cookies: Map<string, string>, secret: string, nowMs: number): string | undefined {
  const value = cookies.get(COOKIE.auth)
  if (!value) return undefined
  const claims = decodeSigned(value, secret, AUTH_PURPOSE) as {email?: unknown; exp?: unknown} | undefined
  if (!claims || typeof claims.email !== 'string' || typeof claims.exp !== 'number' || nowMs >= claims.exp)
    return undefined
  return claims.email
}

export const authCookieValue = (email: string, secret: string, nowMs: number): string =>
  encodeSigned({email, exp: nowMs + SIGN_IN_LIFETIME_MS}, secret, AUTH_PURPOSE)

export interface Challenge {
  id: string
  email: string
  /** The session (token `jti`) the code was asked for. */
  jti: string
  code: string
  expiresAt: number
  attemptsLeft: number
}

export type CodeVerdict =
  | {ok: true; email: string}
  | {ok: false; reason: 'wrong'; attemptsLeft: number}
  | {ok: false; reason: 'expired' | 'exhausted' | 'unknown'}

/**
 * One-time sign-in codes, in memory (a restart forgets them; the visitor asks for a new one): six digits,
 * valid for ten minutes of the emulator clock, five attempts, used once.
 */
export class SignInCodes {
  private readonly challenges = new Map<string, Challenge>()

  issue(email: string, jti: string, nowMs: number): Challenge {
    this.sweep(nowMs)
    const challenge: Challenge = {
      id: newId(),
      email,
      jti,
      code: String(randomInt(0, 1_000_000)).padStart(6, '0'),
      expiresAt: nowMs + CODE_LIFETIME_MS,
      attemptsLeft: CODE_ATTEMPTS,
    }
    this.challenges.set(challenge.id, challenge)
    return challenge
  }

  /** The open challenge behind a cookie value, if any. */
  get(id: string | undefined, nowMs: number): Challenge | undefined {
    const challenge = id ? this.challenges.get(id) : undefined
    if (!challenge || nowMs >= challenge.expiresAt) return undefined
    return challenge
  }

  verify(id: string | undefined, code: string, nowMs: number): CodeVerdict {
    const challenge = id ? this.challenges.get(id) : undefined
    if (!challenge) return {ok: false, reason: 'unknown'}
    if (nowMs >= challenge.expiresAt) {
      this.challenges.delete(challenge.id)
      return {ok: false, reason: 'expired'}
    }
    const expected = Buffer.from(challenge.code)
    const actual = Buffer.from(code)
    if (expected.length === actual.length && timingSafeEqual(expected, actual)) {
      this.challenges.delete(challenge.id)
      return {ok: true, email: challenge.email}
    }
    challenge.attemptsLeft -= 1
    if (challenge.attemptsLeft <= 0) {
      this.challenges.delete(challenge.id)
      return {ok: false, reason: 'exhausted'}
    }
    return {ok: false, reason: 'wrong', attemptsLeft: challenge.attemptsLeft}
  }

  forget(id: string | undefined): void {
    if (id) this.challenges.delete(id)
  }

  private sweep(nowMs: number): void {
    for (const [id, challenge] of this.challenges) if (nowMs >= challenge.expiresAt) this.challenges.delete(id)
  }
}
