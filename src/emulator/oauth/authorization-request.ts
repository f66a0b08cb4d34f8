import {EMAIL, UUID} from '../../contract/primitives.js'
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

type PageError = Extract<AuthorizeOutcome, {kind: 'page-error'}>

/** The client and the redirect URI, which must be known before a problem can be sent back to the client. */
function checkTarget(store: OAuthStore, query: URLSearchParams): {client: ClientRow; redirectUri: string} | PageError {
  const clientId = query.get('client_id')
  if (!clientId) return {kind: 'page-error', message: 'The request has no client_id.'}
  const client = store.clients.get(clientId)
  if (!client) return {kind: 'page-error', message: `There is no application with client_id ${clientId}.`}
  const redirectUri = query.get('redirect_uri')
  if (!redirectUri) return {kind: 'page-error', message: 'The request has no redirect_uri.'}
  const repeated = SINGLE.find(name => query.getAll(name).length > 1)
  if (repeated === 'client_id' || repeated === 'redirect_uri')
    return {kind: 'page-error', message: `The parameter ${repeated} appears more than once.`}
  if (!redirectUriMatches(clientRedirectUris(client), redirectUri))
    return {
      kind: 'page-error',
      message: `The redirect_uri ${redirectUri} is not registered for the application "${client.name}" (${client.id}). Registered: ${clientRedirectUris(client).join(', ')}.`,
    }
  return {client, redirectUri}
}

interface RequestProblem {
  error: string
  description: string
}

const problem = (error: string, description: string): RequestProblem => ({error, description})

/** The PKCE challenge, resource and scopes of the request, or the problem to send back to the client. */
function checkGrant(
  query: URLSearchParams,
  client: ClientRow,
  origin: string,
): {challenge: string; resource: string; requested: string[]} | RequestProblem {
  const repeated = SINGLE.find(name => query.getAll(name).length > 1)
  if (repeated) return problem('invalid_request', `the parameter ${repeated} appears more than once`)
  const responseType = query.get('response_type')
  if (responseType !== 'code')
    return problem(
      'unsupported_response_type',
      `response_type must be "code"${responseType ? `, not "${responseType}"` : ''}`,
    )
  const challenge = query.get('code_challenge')
  if (!challenge) return problem('invalid_request', 'code_challenge is required (PKCE with code_challenge_method=S256)')
  const method = query.get('code_challenge_method')
  if (method !== 'S256')
    return problem(
      'invalid_request',
      `code_challenge_method must be S256${method ? `; ${method} is not supported` : ''}`,
    )
  if (!/^[A-Za-z0-9_-]{43}$/.test(challenge))
    return problem('invalid_request', 'code_challenge must be the base64url SHA-256 of the verifier (43 characters)')
  const resource = query.get('resource')
  if (!resource) return problem('invalid_request', `resource is required: ${resourcesFor(origin).join(' or ')}`)
  if (!resourcesFor(origin).includes(resource))
    return problem('invalid_target', `resource must be ${resourcesFor(origin).join(' or ')}, not ${resource}`)
  const requested = query.has('scope') ? parseScope(query.get('scope')) : [...DEFAULT_REQUEST_SCOPES]
  if (!requested.length) return problem('invalid_scope', 'scope is empty')
  const scopes = scopeProblem(requested, clientScopes(client), client.kind === 'dynamic')
  if (scopes) return problem('invalid_scope', scopes)
  return {challenge, resource, requested}
}

/** The optional hints, dropped when they are not well formed. */
function hintsOf(query: URLSearchParams): Pick<AuthorizationRequest, 'loginHint' | 'teamHint' | 'teamName'> {
  const loginHint = query.get('login_hint')?.trim().toLowerCase()
  const teamHint = query
    .get('team_hint')
    ?.trim()
    .replace(/^team_/, '')
    .toLowerCase()
  const teamName = query.get('team_name')?.trim().slice(0, 200)
  return {
    loginHint: loginHint && EMAIL.test(loginHint) ? loginHint : undefined,
    teamHint: teamHint && UUID.test(teamHint) ? teamHint : undefined,
    teamName: teamName || undefined,
  }
}

export function validateAuthorizationRequest(
  store: OAuthStore,
  query: URLSearchParams,
  origin: string,
): AuthorizeOutcome {
  const target = checkTarget(store, query)
  if ('kind' in target) return target
  const {client, redirectUri} = target
  const state = query.get('state') ?? undefined
  const grant = checkGrant(query, client, origin)
  if ('error' in grant)
    return {
      kind: 'redirect-error',
      location: responseLocation(redirectUri, {
        error: grant.error,
        error_description: grant.description,
        state,
        iss: issuerFor(origin),
      }),
    }
  return {
    kind: 'ok',
    client,
    request: {
      clientId: client.id,
      clientName: client.name,
      redirectUri,
      scope: [...new Set(grant.requested)],
      state,
      codeChallenge: grant.challenge,
      resource: grant.resource,
      ...hintsOf(query),
    },
  }
}
