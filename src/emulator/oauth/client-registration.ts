import {clientRegistrationBody} from '../../contract/requests/oauth-requests.js'
import type {Json} from '../domain/json-value.js'
import {checkedOAuthRequest} from './checked-request.js'
import {createClient, redirectUriProblem} from './oauth-clients.js'
import {OAuthError} from './oauth-errors.js'
import {DYNAMIC_CLIENT_SCOPES, parseScope, scopeProblem} from './oauth-scopes.js'
import type {OAuthStore} from './oauth-store.js'

/**
 * RFC 7591 dynamic client registration, public clients only (`token_endpoint_auth_method: none`). Such a
 * client is anonymous (no team) and may never be granted `payouts:approve` (spec 5.3).
 */

const metadataError = (description: string) => new OAuthError('invalid_client_metadata', description)

export function registerClient(store: OAuthStore, body: unknown, now: number): Json {
  const metadata = checkedOAuthRequest(clientRegistrationBody, body, problem =>
    problem.path.startsWith('redirect_uris') ? 'invalid_redirect_uri' : 'invalid_client_metadata',
  )
  const {redirect_uris: redirectUris, grant_types: grantTypes = ['authorization_code'], scope} = metadata
  for (const uri of redirectUris) {
    const problem = redirectUriProblem(uri)
    if (problem) throw new OAuthError('invalid_redirect_uri', problem)
  }
  if (!grantTypes.includes('authorization_code')) throw metadataError('grant_types must include authorization_code')
  const name = metadata.client_name ?? 'Unnamed client'
  const requested = scope !== undefined ? parseScope(scope) : [...DYNAMIC_CLIENT_SCOPES]
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
