import type {IncomingHttpHeaders} from 'node:http'
import {type ApiFailure, unauthorized} from '../http/api-failure.js'
import type {Principal} from '../http/principal.js'
import {header} from '../http/request-context.js'
import type {Store} from '../store/index.js'

/**
 * Authentication: `Authorization: Bearer <token>` resolved to a Principal (team + scopes). `authenticate`
 * asks each Authenticator in turn and the first that recognises the token answers: team API keys here, and
 * the OAuth server's JWT access tokens (`addAuthenticator`, checking `aud` against `request.apiBase`; a
 * v1-bound token is also accepted by v2, spec section 9).
 */

export interface AuthRequest {
  token: string
  /** `/api/v1` or `/api/v2`: the resource the token must be bound to. */
  apiBase: string
  headers: IncomingHttpHeaders
}

/** Returns a Principal, an ApiFailure (recognised but refused: expired, wrong audience), or undefined (not mine). */
export type Authenticator = (request: AuthRequest) => Principal | ApiFailure | undefined

export function apiKeyAuthenticator(store: Store): Authenticator {
  return ({token}) => {
    if (!token.startsWith('sk_')) return undefined
    const key = store.teams.key(token)
    if (!key) return unauthorized('the API key is not valid (unknown or revoked)')
    return {teamId: key.team_id, scopes: new Set(key.scopes.split(' ')), kind: 'api_key', credentialId: key.key}
  }
}

export class Authentication {
  private readonly authenticators: Authenticator[] = []

  constructor(store: Store) {
    this.authenticators.push(apiKeyAuthenticator(store))
  }

  addAuthenticator(authenticator: Authenticator): void {
    this.authenticators.push(authenticator)
  }

  /** The caller, or the 401 to answer. */
  authenticate(headers: IncomingHttpHeaders, path: string): Principal | ApiFailure {
    const value = header(headers, 'authorization')
    if (!value) return unauthorized('missing credentials: send Authorization: Bearer <API key or access token>')
    const match = /^Bearer\s+(\S+)\s*$/i.exec(value)
    if (!match) return unauthorized('the Authorization header must be "Bearer <API key or access token>"')
    const request: AuthRequest = {token: match[1], apiBase: path.startsWith('/api/v2') ? '/api/v2' : '/api/v1', headers}
    for (const authenticator of this.authenticators) {
      const result = authenticator(request)
      if (result) return result
    }
    return unauthorized('the credentials are not valid')
  }
}
