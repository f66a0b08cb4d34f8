import {UUID} from '../domain/input-checker.js'
import {clientRedirectUris, clientScopes, redirectUriMatches} from './oauth-clients.js'
import {DEFAULT_REQUEST_SCOPES, parseScope, scopeProblem} from './oauth-scopes.js'
import type {ClientRow, OAuthStore} from './oauth-store.js'

/**
 * Validation of an authorization request (RFC 6749 section 4.1.1 with PKCE, RFC 8707 resource, RFC 8252
 * loopback redirects). Problems with the client or the redirect URI cannot be sent back (the redirect
 * target is not trusted): they render an error page. Every other problem is redirected to the client with
 * `error`, `error_description` and `state`.
 */

export interface AuthorizationRequest {
  clientId: string
  clientName: string
  redirectUri: string
  scope: string[]
  state?: string
  codeChallenge: string
  resource: string
  loginHint?: string
  teamHint?: string
  teamName?: string
}

export type AuthorizeOutcome =
  | {kind: 'ok'; request: AuthorizationRequest; client: ClientRow}
  | {kind: 'page-error'; message: string}
  | {kind: 'redirect-error'; location: string}

const SINGLE = [
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
  'resource',
  'login_hint',
  'team_hint',
  'team_name',
]

/** The issuer of the emulator's authorization server as the client addresses it. */
export const issuerFor = (origin: string) => `${origin}/api/auth`

/** The resources a token can be bound to: the v1 and v2 API bases (spec 5.4). */
export const resourcesFor = (origin: string) => [`${origin}/api/v1`, `${origin}/api/v2`]

/** The client's redirect URI with the authorization response (RFC 9207 `iss` included). */
export function responseLocation(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri)
  for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, value)
  return url.toString()
}

export function validateAuthorizationRequest(
  store: OAuthStore,
  query: URLSearchParams,
  origin: string,
): AuthorizeOutcome {
  const repeated = SINGLE.find(name => query.getAll(name).length > 1)
  const clientId = query.get('client_id')
  if (!clientId) return {kind: 'page-error', message: 'The request has no client_id.'}
  const client = store.client(clientId)
  if (!client) return {kind: 'page-error', message: `There is no application with client_id ${clientId}.`}
  const redirectUri = query.get('redirect_uri')
  if (!redirectUri) return {kind: 'page-error', message: 'The request has no redirect_uri.'}
  if (repeated === 'client_id' || repeated === 'redirect_uri')
    return {kind: 'page-error', message: `The parameter ${repeated} appears more than once.`}
  if (!redirectUriMatches(clientRedirectUris(client), redirectUri))
    return {
      kind: 'page-error',
      message: `The redirect_uri ${redirectUri} is not registered for the application "${client.name}" (${client.id}). Registered: ${clientRedirectUris(client).join(', ')}.`,
    }

  const state = query.get('state') ?? undefined
  const fail = (error: string, description: string): AuthorizeOutcome => ({
    kind: 'redirect-error',
    location: responseLocation(redirectUri, {error, error_description: description, state, iss: issuerFor(origin)}),
  })
  if (repeated) return fail('invalid_request', `the parameter ${repeated} appears more than once`)
  const responseType = query.get('response_type')
  if (responseType !== 'code')
    return fail(
      'unsupported_response_type',
      `response_type must be "code"${responseType ? `, not "${responseType}"` : ''}`,
    )
  const challenge = query.get('code_challenge')
  if (!challenge) return fail('invalid_request', 'code_challenge is required (PKCE with code_challenge_method=S256)')
  const method = query.get('code_challenge_method')
  if (method !== 'S256')
    return fail('invalid_request', `code_challenge_method must be S256${method ? `; ${method} is not supported` : ''}`)
  if (!/^[A-Za-z0-9_-]{43}$/.test(challenge))
    return fail('invalid_request', 'code_challenge must be the base64url SHA-256 of the verifier (43 characters)')
  const resource = query.get('resource')
  if (!resource) return fail('invalid_request', `resource is required: ${resourcesFor(origin).join(' or ')}`)
  if (!resourcesFor(origin).includes(resource))
    return fail('invalid_target', `resource must be ${resourcesFor(origin).join(' or ')}, not ${resource}`)
  const requested = query.has('scope') ? parseScope(query.get('scope')) : [...DEFAULT_REQUEST_SCOPES]
  if (!requested.length) return fail('invalid_scope', 'scope is empty')
  const problem = scopeProblem(requested, clientScopes(client), client.kind === 'dynamic')
  if (problem) return fail('invalid_scope', problem)

  const loginHint = query.get('login_hint')?.trim().toLowerCase()
  const teamHint = query
    .get('team_hint')
    ?.trim()
    .replace(/^team_/, '')
    .toLowerCase()
  const teamName = query.get('team_name')?.trim().slice(0, 200)
  return {
    kind: 'ok',
    client,
    request: {
      clientId: client.id,
      clientName: client.name,
      redirectUri,
      scope: [...new Set(requested)],
      state,
      codeChallenge: challenge,
      resource,
      loginHint: loginHint && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(loginHint) ? loginHint : undefined,
      teamHint: teamHint && UUID.test(teamHint) ? teamHint : undefined,
      teamName: teamName || undefined,
    },
  }
}
