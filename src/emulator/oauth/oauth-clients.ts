import {createHash, randomBytes, timingSafeEqual} from 'node:crypto'
import type {IncomingHttpHeaders} from 'node:http'
import {header} from '../http/request-context.js'
import {invalidClient, invalidRequest} from './oauth-errors.js'
import type {ClientRow, OAuthStore} from './oauth-store.js'

/** OAuth clients: creation, redirect URI rules (RFC 8252) and client authentication at the token endpoint. */

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

export const newClientId = () => `cl_${randomBytes(12).toString('hex')}`
export const newClientSecret = () => `cs_${randomBytes(24).toString('base64url')}`

export interface NewClient {
  id?: string
  name: string
  kind: ClientRow['kind']
  teamId?: string | null
  redirectUris: string[]
  scopes: readonly string[]
  /** Default: authorization_code and refresh_token. */
  grantTypes?: string[]
  /** Confidential clients get a secret (answered once, stored hashed). */
  confidential?: boolean
  now: number
}

export function createClient(store: OAuthStore, client: NewClient): {row: ClientRow; secret?: string} {
  const secret = client.confidential ? newClientSecret() : undefined
  const row: ClientRow = {
    id: client.id ?? newClientId(),
    secret_hash: secret ? sha256(secret) : null,
    name: client.name,
    kind: client.kind,
    team_id: client.teamId ?? null,
    redirect_uris: JSON.stringify(client.redirectUris),
    scopes: client.scopes.join(' '),
    grant_types: JSON.stringify(client.grantTypes ?? ['authorization_code', 'refresh_token']),
    created_at: client.now,
  }
  store.clients.insert(row)
  return {row, secret}
}

export const clientRedirectUris = (client: ClientRow): string[] => JSON.parse(client.redirect_uris)
export const clientGrantTypes = (client: ClientRow): string[] => JSON.parse(client.grant_types)
export const clientScopes = (client: ClientRow): string[] => client.scopes.split(' ').filter(Boolean)

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost'])

const isLoopbackHttp = (url: URL) => url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)

/** Why a redirect URI cannot be registered, if it cannot: absolute, no fragment, https unless loopback. */
export function redirectUriProblem(uri: string): string | undefined {
  let url: URL
  try {
    url = new URL(uri)
  } catch {
    return `${uri} is not an absolute URL`
  }
  if (url.hash || uri.includes('#')) return `${uri} must not have a fragment`
  if (url.username || url.password) return `${uri} must not carry credentials`
  if (url.protocol === 'https:') return undefined
  if (isLoopbackHttp(url)) return undefined
  return `${uri} must use https, or http on a loopback address (127.0.0.1, [::1])`
}

/**
 * Whether `requested` is one of the client's redirect URIs: exactly, or for a registered loopback URI
 * (http on 127.0.0.1, [::1] or localhost) the same URI on any port (RFC 8252 section 7.3).
 */
export function redirectUriMatches(registered: readonly string[], requested: string): boolean {
  if (registered.includes(requested)) return true
  let want: URL
  try {
    want = new URL(requested)
  } catch {
    return false
  }
  if (!isLoopbackHttp(want) || want.hash || want.username) return false
  return registered.some(uri => {
    const have = new URL(uri)
    return (
      isLoopbackHttp(have) &&
      have.hostname === want.hostname &&
      have.pathname === want.pathname &&
      have.search === want.search
    )
  })
}

const formDecode = (text: string) => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '))
  } catch {
    throw invalidClient('the Basic credentials are not form-encoded correctly')
  }
}

const safeEqualHex = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'))

/**
 * Client authentication (RFC 6749 section 2.3): `client_secret_basic`, `client_secret_post`, or `none` for
 * a public client (its `client_id` in the body). A confidential client must prove its secret; a public one
 * must not send one.
 */
export function authenticateClient(
  store: OAuthStore,
  params: URLSearchParams,
  headers: IncomingHttpHeaders,
): ClientRow {
  let clientId = params.get('client_id') ?? undefined
  let secret = params.get('client_secret') ?? undefined
  const authorization = header(headers, 'authorization')
  if (authorization) {
    const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization)
    if (!match) throw invalidClient('the Authorization header must be "Basic <client_id:client_secret>"')
    const decoded = Buffer.from(match[1], 'base64').toString('utf8')
    const colon = decoded.indexOf(':')
    if (colon < 0) throw invalidClient('the Basic credentials must be client_id:client_secret')
    const basicId = formDecode(decoded.slice(0, colon))
    if (secret !== undefined)
      throw invalidRequest('send the client secret once: in the Authorization header or the body')
    if (clientId !== undefined && clientId !== basicId)
      throw invalidClient('client_id in the body differs from the Authorization header')
    clientId = basicId
    secret = formDecode(decoded.slice(colon + 1))
  }
  if (!clientId) throw invalidClient('client_id is required (public clients send it in the body)')
  const client = store.clients.get(clientId)
  if (!client) throw invalidClient(`unknown client ${clientId}`)
  if (client.secret_hash) {
    if (!secret) throw invalidClient(`client ${clientId} is confidential: authenticate with its client_secret`)
    if (!safeEqualHex(sha256(secret), client.secret_hash)) throw invalidClient('the client secret is not valid')
  } else if (secret) {
    throw invalidClient(`client ${clientId} is a public client and has no secret; do not send one`)
  }
  return client
}
