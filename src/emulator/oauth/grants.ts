import {createHash, randomBytes, randomUUID} from 'node:crypto'
import type {AuthorizationCodeTokenRequest, RefreshTokenRequest} from '../../contract/requests/oauth-requests.js'
import type {Clock} from '../domain/clock.js'
import {type AuthorizationRequest, issuerFor, responseLocation} from './authorization-request.js'
import {sha256} from './oauth-clients.js'
import {invalidGrant, invalidRequest, OAuthError} from './oauth-errors.js'
import {OFFLINE_ACCESS, parseScope} from './oauth-scopes.js'
import type {ClientRow, GrantRow, OAuthStore} from './oauth-store.js'
import type {SigningKeys} from './signing-keys.js'

/**
 * Codes and tokens: single-use authorization codes bound to client, redirect URI, PKCE challenge and
 * resource; a grant per exchanged code; RS256 JWT access tokens (1 hour); rotating refresh tokens (30 days
 * from issue) with reuse detection. Revoking a grant (a replayed code, a reused refresh token, RFC 7009
 * revocation of a refresh token) stops every token issued under it.
 */

export const CODE_LIFETIME_MS = 5 * 60_000
export const ACCESS_TOKEN_SECONDS = 60 * 60
export const REFRESH_TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60_000

export const teamClaim = (origin: string) => `${origin}/oauth/team_id`

/** A stable, opaque user id for an e-mail address (the emulator has no user table). */
export const subjectFor = (email: string) => `user_${sha256(`user:${email}`).slice(0, 24)}`

const secret = (prefix: string) => `${prefix}${randomBytes(32).toString('base64url')}`

export interface TokenResponse {
  access_token: string
  token_type: 'Bearer'
  expires_in: number
  refresh_token?: string
  scope: string
}

export class Grants {
  constructor(
    private readonly store: OAuthStore,
    private readonly keys: SigningKeys,
    private readonly clock: Clock,
  ) {}

  /** Issues an authorization code for a consented request; answers the redirect to the client. */
  issueCode(request: AuthorizationRequest, email: string, teamId: string, origin: string): string {
    const code = secret('ac_')
    this.store.codes.insert({
      hash: sha256(code),
      client_id: request.clientId,
      redirect_uri: request.redirectUri,
      code_challenge: request.codeChallenge,
      resource: request.resource,
      scope: request.scope.join(' '),
      team_id: teamId,
      email,
      expires_at: this.clock.nowMs() + CODE_LIFETIME_MS,
      used_at: null,
      grant_id: null,
    })
    return responseLocation(request.redirectUri, {code, state: request.state, iss: issuerFor(origin)})
  }

  /** `grant_type=authorization_code` (RFC 6749 section 4.1.3, RFC 7636 section 4.6, RFC 8707). */
  exchangeCode(client: ClientRow, request: AuthorizationCodeTokenRequest, origin: string): TokenResponse {
    const now = this.clock.nowMs()
    const {code, redirect_uri: redirectUri, code_verifier: verifier, resource} = request
    const hash = sha256(code)
    const row = this.store.codes.get(hash)
    if (!row) throw invalidGrant('the authorization code is not valid')
    if (row.client_id !== client.id) throw invalidGrant('the authorization code was issued to another client')
    // Single use from its first presentation on: a second presentation is a replay (RFC 6749 section 4.1.2).
    if (!this.store.useCode(hash, now)) {
      if (row.grant_id) this.store.revokeGrant(row.grant_id, 'authorization code replayed', now)
      throw invalidGrant('the authorization code was already used; the tokens issued with it are now revoked')
    }
    if (row.expires_at <= now) throw invalidGrant('the authorization code expired')
    if (redirectUri !== row.redirect_uri) throw invalidGrant('redirect_uri differs from the authorization request')
    if (createHash('sha256').update(verifier).digest('base64url') !== row.code_challenge)
      throw invalidGrant('PKCE verification failed: the code_verifier does not match the code_challenge')
    if (!resource) throw invalidRequest(`resource is required (${row.resource})`)
    if (resource !== row.resource)
      throw new OAuthError('invalid_target', `resource must be ${row.resource}, the resource that was authorized`)
    const grant: GrantRow = {
      id: randomUUID(),
      client_id: client.id,
      team_id: row.team_id,
      email: row.email,
      scope: row.scope,
      resource: row.resource,
      created_at: now,
      revoked_at: null,
      revoked_reason: null,
    }
    return this.transaction(() => {
      this.store.grants.insert(grant)
      this.store.setCodeGrant(hash, grant.id)
      return this.issue(grant, parseScope(grant.scope), origin)
    })
  }

  /** `grant_type=refresh_token` with rotation; a rotated token presented again revokes the grant. */
  refresh(client: ClientRow, request: RefreshTokenRequest, origin: string): TokenResponse {
    const now = this.clock.nowMs()
    const {refresh_token: token, resource} = request
    const hash = sha256(token)
    const row = this.store.refreshTokens.get(hash)
    if (!row) throw invalidGrant('the refresh token is not valid')
    const grant = this.store.grants.get(row.grant_id)
    if (!grant) throw invalidGrant('the refresh token is not valid')
    if (grant.client_id !== client.id) throw invalidGrant('the refresh token was issued to another client')
    if (grant.revoked_at !== null) throw invalidGrant(`the refresh token was revoked (${grant.revoked_reason})`)
    if (row.rotated_at !== null) {
      this.store.revokeGrant(grant.id, 'refresh token reused after rotation', now)
      throw invalidGrant('the refresh token was already used (it rotates on every refresh); the login is now revoked')
    }
    if (row.expires_at <= now) throw invalidGrant('the refresh token expired')
    if (resource && resource !== grant.resource)
      throw new OAuthError('invalid_target', `resource must be ${grant.resource}, the resource that was authorized`)
    const granted = parseScope(grant.scope)
    const requested = request.scope !== undefined ? parseScope(request.scope) : granted
    const extra = requested.filter(s => !granted.includes(s))
    if (extra.length) throw new OAuthError('invalid_scope', `${extra.join(', ')} was not granted`)
    return this.transaction(() => {
      this.store.rotateRefreshToken(hash, now)
      return this.issue(grant, requested, origin)
    })
  }

  /** RFC 7009: a refresh token revokes its grant, an access token itself; unknown tokens are ignored. */
  revoke(client: ClientRow, token: string): void {
    const now = this.clock.nowMs()
    const refresh = this.store.refreshTokens.get(sha256(token))
    if (refresh) {
      const grant = this.store.grants.get(refresh.grant_id)
      if (grant && grant.client_id !== client.id)
        throw new OAuthError('unauthorized_client', 'the token was issued to another client')
      if (grant) this.store.revokeGrant(grant.id, 'revoked by the client', now)
      return
    }
    const verdict = this.keys.verify(token)
    if (!verdict.ok || typeof verdict.claims.jti !== 'string') return
    const access = this.store.accessTokens.get(verdict.claims.jti)
    const grant = access && this.store.grants.get(access.grant_id)
    if (!access || !grant) return
    if (grant.client_id !== client.id)
      throw new OAuthError('unauthorized_client', 'the token was issued to another client')
    this.store.revokeAccessToken(access.jti, now)
  }

  private issue(grant: GrantRow, scope: string[], origin: string): TokenResponse {
    const now = this.clock.nowMs()
    const iat = Math.floor(now / 1000)
    const jti = randomUUID()
    const scopeText = scope.join(' ')
    const accessToken = this.keys.sign({
      iss: issuerFor(origin),
      sub: subjectFor(grant.email),
      aud: grant.resource,
      scope: scopeText,
      exp: iat + ACCESS_TOKEN_SECONDS,
      iat,
      jti,
      client_id: grant.client_id,
      email: grant.email,
      [teamClaim(origin)]: grant.team_id,
    })
    this.store.accessTokens.insert({
      jti,
      grant_id: grant.id,
      expires_at: (iat + ACCESS_TOKEN_SECONDS) * 1000,
      revoked_at: null,
    })
    const response: TokenResponse = {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_SECONDS,
      scope: scopeText,
    }
    if (parseScope(grant.scope).includes(OFFLINE_ACCESS)) {
      const refreshToken = secret('rt_')
      this.store.refreshTokens.insert({
        hash: sha256(refreshToken),
        grant_id: grant.id,
        created_at: now,
        expires_at: now + REFRESH_TOKEN_LIFETIME_MS,
        rotated_at: null,
      })
      response.refresh_token = refreshToken
    }
    return response
  }

  private transaction<T>(fn: () => T): T {
    return this.store.transaction(fn)
  }
}
