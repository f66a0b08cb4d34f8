import type {Authenticator} from '../domain/authentication.js'
import type {Clock} from '../domain/clock.js'
import {unauthorized} from '../http/api-failure.js'
import {header} from '../http/request-context.js'
import {issuerFor} from './authorization-request.js'
import {teamClaim} from './grants.js'
import {OFFLINE_ACCESS, parseScope} from './oauth-scopes.js'
import type {OAuthStore} from './oauth-store.js'
import type {JwtClaims, SigningKeys} from './signing-keys.js'

/**
 * The API side of OAuth: a JWT access token of this emulator is accepted when its signature, issuer and
 * expiry (emulator clock) check out, it was not revoked, and its audience fits the API (spec section 9: a
 * token bound to `/api/v1` also works for `/api/v2`; one bound to `/api/v2` does not work for v1).
 */
export function jwtAuthenticator(store: OAuthStore, keys: SigningKeys, clock: Clock): Authenticator {
  return ({token, apiBase, headers}) => {
    const verdict = keys.verify(token)
    if (!verdict.ok) {
      if (verdict.reason === 'not-jwt') return undefined
      return unauthorized('the access token is not valid (bad signature, or issued before the emulator was reset)')
    }
    const claims = verdict.claims
    const origin = `http://${header(headers, 'host') ?? ''}`
    const problem = claimsProblem(claims, origin, apiBase, clock.nowMs()) ?? revocationProblem(store, claims)
    if (problem) return unauthorized(problem)
    const teamId = claims[teamClaim(origin)]
    if (typeof teamId !== 'string') return unauthorized('the access token names no team')
    return {
      teamId,
      scopes: new Set(parseScope(String(claims.scope ?? '')).filter(s => s !== OFFLINE_ACCESS)),
      kind: 'oauth',
      credentialId: claims.jti as string,
      clientId: typeof claims.client_id === 'string' ? claims.client_id : undefined,
    }
  }
}

/** What is wrong with the issuer, expiry or audience of a token presented to `origin` + `apiBase`. */
function claimsProblem(claims: JwtClaims, origin: string, apiBase: string, nowMs: number): string | undefined {
  if (claims.iss !== issuerFor(origin))
    return `the access token was issued by ${String(claims.iss)}, not by ${issuerFor(origin)}`
  if (typeof claims.exp !== 'number' || claims.exp * 1000 <= nowMs)
    return 'the access token expired; refresh it with the refresh token or log in again'
  const accepted = apiBase === '/api/v2' ? [`${origin}/api/v1`, `${origin}/api/v2`] : [`${origin}/api/v1`]
  if (typeof claims.aud !== 'string' || !accepted.includes(claims.aud))
    return `the access token is bound to the resource ${String(claims.aud)} and cannot be used for ${origin}${apiBase} (a token bound to /api/v1 works for v1 and v2; one bound to /api/v2 only for v2)`
  return undefined
}

/** Why the stored token or its grant no longer counts, if it does not. */
function revocationProblem(store: OAuthStore, claims: JwtClaims): string | undefined {
  const row = typeof claims.jti === 'string' ? store.accessTokens.get(claims.jti) : undefined
  const grant = row && store.grants.get(row.grant_id)
  if (!row || !grant) return 'the access token is not known (issued before the emulator was reset)'
  if (row.revoked_at !== null) return 'the access token was revoked'
  if (grant.revoked_at !== null) return `the access token was revoked (${grant.revoked_reason})`
  return undefined
}
