import {isObject, type Json} from '../domain/input-checker.js'
import {createClient, redirectUriProblem} from './oauth-clients.js'
import {OAuthError} from './oauth-errors.js'
import {DYNAMIC_CLIENT_SCOPES, parseScope, scopeProblem} from './oauth-scopes.js'
import type {OAuthStore} from './oauth-store.js'

/**
 * RFC 7591 dynamic client registration, public clients only (`token_endpoint_auth_method: none`). Such a
 * client is anonymous (no team) and may never be granted `payouts:approve` (spec 5.3).
 */

const metadataError = (description: string) => new OAuthError('invalid_client_metadata', description)

function stringList(body: Json, key: string, fallback: string[]): string[] {
  const value = body[key]
  if (value === undefined) return fallback
  if (!Array.isArray(value) || value.some(item => typeof item !== 'string'))
    throw metadataError(`${key} must be an array of strings`)
  return value as string[]
}

export function registerClient(store: OAuthStore, body: unknown, now: number): Json {
  if (!isObject(body)) throw metadataError('the body must be a JSON object of client metadata')
  const method = body.token_endpoint_auth_method ?? 'none'
  if (method !== 'none')
    throw metadataError(
      'only public clients (token_endpoint_auth_method "none") can register dynamically; confidential clients are created by an administrator',
    )
  const redirectUris = stringList(body, 'redirect_uris', [])
  if (!redirectUris.length || redirectUris.length > 10)
    throw new OAuthError('invalid_redirect_uri', 'redirect_uris must list 1 to 10 URIs')
  for (const uri of redirectUris) {
    const problem = redirectUriProblem(uri)
    if (problem) throw new OAuthError('invalid_redirect_uri', problem)
  }
  const grantTypes = stringList(body, 'grant_types', ['authorization_code'])
  const badGrant = grantTypes.find(g => g !== 'authorization_code' && g !== 'refresh_token')
  if (badGrant) throw metadataError(`grant type ${badGrant} is not supported (authorization_code, refresh_token)`)
  if (!grantTypes.includes('authorization_code')) throw metadataError('grant_types must include authorization_code')
  const responseTypes = stringList(body, 'response_types', ['code'])
  if (responseTypes.some(r => r !== 'code')) throw metadataError('response_types must be ["code"]')
  const name = body.client_name ?? 'Unnamed client'
  if (typeof name !== 'string' || !name.trim() || name.length > 200)
    throw metadataError('client_name must be a string of 1 to 200 characters')
  if (body.scope !== undefined && typeof body.scope !== 'string') throw metadataError('scope must be a string')
  const requested = body.scope !== undefined ? parseScope(body.scope as string) : [...DYNAMIC_CLIENT_SCOPES]
  const problem = scopeProblem(requested, DYNAMIC_CLIENT_SCOPES, true)
  if (problem) throw new OAuthError('invalid_client_metadata', problem)
  const {row} = createClient(store, {
    name: name.trim(),
    kind: 'dynamic',
    redirectUris,
    scopes: requested,
    grantTypes,
    now,
  })
  return {
    client_id: row.id,
    client_id_issued_at: Math.floor(now / 1000),
    client_name: row.name,
    redirect_uris: redirectUris,
    grant_types: grantTypes,
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    scope: row.scopes,
  }
}
