import {present} from '../../shared/present.js'
import {Patcher} from '../store/row-patcher.js'
import type {Database} from '../store/sqlite-driver.js'

/** Rows of the authorization server's tables (`store/oauth-schema.ts`) and the statements that read and write them. */

export interface ClientRow {
  id: string
  /** SHA-256 of the secret; null for a public client. */
  secret_hash: string | null
  name: string
  /** `admin`: provisioned (dashboard, seed, control route); `dynamic`: RFC 7591 registration. */
  kind: 'admin' | 'dynamic'
  team_id: string | null
  /** JSON array. */
  redirect_uris: string
  /** Space-separated scopes the client may be granted. */
  scopes: string
  /** JSON array. */
  grant_types: string
  created_at: number
}

export interface InteractionRow {
  id: string
  browser_id: string
  /** JSON of the validated AuthorizationRequest. */
  request: string
  signin_email: string | null
  signin_code: string | null
  signin_expires_at: number | null
  signin_attempts: number
  /** The account this authorization is for, once signed in (or confirmed). */
  email: string | null
  team_id: string | null
  expires_at: number
  completed_at: number | null
}

export interface CodeRow {
  hash: string
  client_id: string
  redirect_uri: string
  code_challenge: string
  resource: string
  scope: string
  team_id: string
  email: string
  expires_at: number
  used_at: number | null
  grant_id: string | null
}

export interface GrantRow {
  id: string
  client_id: string
  team_id: string
  email: string
  scope: string
  resource: string
  created_at: number
  revoked_at: number | null
  revoked_reason: string | null
}

export interface RefreshTokenRow {
  hash: string
  grant_id: string
  created_at: number
  expires_at: number
  rotated_at: number | null
}

export interface AccessTokenRow {
  jti: string
  grant_id: string
  expires_at: number
  revoked_at: number | null
}

export interface KeyRow {
  kid: string
  private_pem: string
  public_jwk: string
  created_at: number
}

export class OAuthStore {
  private readonly q
  private readonly interactionPatcher: Patcher<InteractionRow>

  constructor(private readonly db: Database) {
    this.interactionPatcher = new Patcher<InteractionRow>(db, 'oauth_interactions', 'id')
    this.q = {
      key: db.prepare<[], KeyRow>('SELECT * FROM oauth_keys ORDER BY created_at DESC LIMIT 1'),
      keys: db.prepare<[], KeyRow>('SELECT * FROM oauth_keys ORDER BY created_at'),
      insertKey: db.prepare<[KeyRow]>(
        'INSERT INTO oauth_keys (kid, private_pem, public_jwk, created_at) VALUES (@kid, @private_pem, @public_jwk, @created_at)',
      ),
      client: db.prepare<[string], ClientRow>('SELECT * FROM oauth_clients WHERE id = ?'),
      insertClient: db.prepare<[ClientRow]>(
        `INSERT INTO oauth_clients (id, secret_hash, name, kind, team_id, redirect_uris, scopes, grant_types, created_at)
         VALUES (@id, @secret_hash, @name, @kind, @team_id, @redirect_uris, @scopes, @grant_types, @created_at)`,
      ),
      browser: db.prepare<[string], {id: string; email: string | null}>('SELECT * FROM oauth_browsers WHERE id = ?'),
      insertBrowser: db.prepare<[string, number]>(
        'INSERT OR IGNORE INTO oauth_browsers (id, email, created_at) VALUES (?, NULL, ?)',
      ),
      setBrowserEmail: db.prepare<[string | null, string]>('UPDATE oauth_browsers SET email = ? WHERE id = ?'),
      interaction: db.prepare<[string], InteractionRow>('SELECT * FROM oauth_interactions WHERE id = ?'),
      insertInteraction: db.prepare<[Pick<InteractionRow, 'id' | 'browser_id' | 'request' | 'expires_at'>]>(
        `INSERT INTO oauth_interactions (id, browser_id, request, expires_at)
         VALUES (@id, @browser_id, @request, @expires_at)`,
      ),
      code: db.prepare<[string], CodeRow>('SELECT * FROM oauth_codes WHERE hash = ?'),
      insertCode: db.prepare<[CodeRow]>(
        `INSERT INTO oauth_codes (hash, client_id, redirect_uri, code_challenge, resource, scope, team_id, email, expires_at, used_at, grant_id)
         VALUES (@hash, @client_id, @redirect_uri, @code_challenge, @resource, @scope, @team_id, @email, @expires_at, @used_at, @grant_id)`,
      ),
      useCode: db.prepare<[number, string]>('UPDATE oauth_codes SET used_at = ? WHERE hash = ? AND used_at IS NULL'),
      setCodeGrant: db.prepare<[string, string]>('UPDATE oauth_codes SET grant_id = ? WHERE hash = ?'),
      grant: db.prepare<[string], GrantRow>('SELECT * FROM oauth_grants WHERE id = ?'),
      insertGrant: db.prepare<[GrantRow]>(
        `INSERT INTO oauth_grants (id, client_id, team_id, email, scope, resource, created_at, revoked_at, revoked_reason)
         VALUES (@id, @client_id, @team_id, @email, @scope, @resource, @created_at, @revoked_at, @revoked_reason)`,
      ),
      revokeGrant: db.prepare<[number, string, string]>(
        'UPDATE oauth_grants SET revoked_at = ?, revoked_reason = ? WHERE id = ? AND revoked_at IS NULL',
      ),
      refreshToken: db.prepare<[string], RefreshTokenRow>('SELECT * FROM oauth_refresh_tokens WHERE hash = ?'),
      insertRefreshToken: db.prepare<[RefreshTokenRow]>(
        `INSERT INTO oauth_refresh_tokens (hash, grant_id, created_at, expires_at, rotated_at)
         VALUES (@hash, @grant_id, @created_at, @expires_at, @rotated_at)`,
      ),
      rotateRefreshToken: db.prepare<[number, string]>(
        'UPDATE oauth_refresh_tokens SET rotated_at = ? WHERE hash = ? AND rotated_at IS NULL',
      ),
      accessToken: db.prepare<[string], AccessTokenRow>('SELECT * FROM oauth_access_tokens WHERE jti = ?'),
      insertAccessToken: db.prepare<[AccessTokenRow]>(
        `INSERT INTO oauth_access_tokens (jti, grant_id, expires_at, revoked_at)
         VALUES (@jti, @grant_id, @expires_at, @revoked_at)`,
      ),
      revokeAccessToken: db.prepare<[number, string]>(
        'UPDATE oauth_access_tokens SET revoked_at = ? WHERE jti = ? AND revoked_at IS NULL',
      ),
      memberTeams: db.prepare<[string], {team_id: string; name: string; role: string}>(
        `SELECT m.team_id, t.name, m.role FROM members m JOIN teams t ON t.id = m.team_id
         WHERE m.email = ? ORDER BY m.joined_at, t.name`,
      ),
    }
  }

  /** Runs `fn` in one SQL transaction. */
  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)
  }

  signingKey(): KeyRow | undefined {
    return this.q.key.get()
  }

  signingKeys(): KeyRow[] {
    return this.q.keys.all()
  }

  insertKey(row: KeyRow): void {
    this.q.insertKey.run(row)
  }

  client(id: string): ClientRow | undefined {
    return this.q.client.get(id)
  }

  insertClient(row: ClientRow): void {
    this.q.insertClient.run(row)
  }

  /** The signed-in e-mail of a browser (cookie), creating the browser row on first sight. */
  browser(id: string, now: number): {id: string; email: string | null} {
    this.q.insertBrowser.run(id, now)
    return present(this.q.browser.get(id))
  }

  setBrowserEmail(id: string, email: string | null): void {
    this.q.setBrowserEmail.run(email, id)
  }

  interaction(id: string): InteractionRow | undefined {
    return this.q.interaction.get(id)
  }

  insertInteraction(row: Pick<InteractionRow, 'id' | 'browser_id' | 'request' | 'expires_at'>): void {
    this.q.insertInteraction.run(row)
  }

  patchInteraction(
    id: string,
    changes: Partial<Omit<InteractionRow, 'id' | 'browser_id' | 'request' | 'expires_at'>>,
  ): void {
    this.interactionPatcher.patch(id, changes)
  }

  code(hash: string): CodeRow | undefined {
    return this.q.code.get(hash)
  }

  insertCode(row: CodeRow): void {
    this.q.insertCode.run(row)
  }

  /** Marks a code used; false when it was used already (a replay). */
  useCode(hash: string, now: number): boolean {
    return this.q.useCode.run(now, hash).changes === 1
  }

  setCodeGrant(hash: string, grantId: string): void {
    this.q.setCodeGrant.run(grantId, hash)
  }

  grant(id: string): GrantRow | undefined {
    return this.q.grant.get(id)
  }

  insertGrant(row: GrantRow): void {
    this.q.insertGrant.run(row)
  }

  /** Revokes a grant: every refresh and access token issued under it stops working. */
  revokeGrant(id: string, reason: string, now: number): void {
    this.q.revokeGrant.run(now, reason, id)
  }

  refreshToken(hash: string): RefreshTokenRow | undefined {
    return this.q.refreshToken.get(hash)
  }

  insertRefreshToken(row: RefreshTokenRow): void {
    this.q.insertRefreshToken.run(row)
  }

  /** Marks a refresh token rotated; false when it was rotated already (a reuse). */
  rotateRefreshToken(hash: string, now: number): boolean {
    return this.q.rotateRefreshToken.run(now, hash).changes === 1
  }

  accessToken(jti: string): AccessTokenRow | undefined {
    return this.q.accessToken.get(jti)
  }

  insertAccessToken(row: AccessTokenRow): void {
    this.q.insertAccessToken.run(row)
  }

  revokeAccessToken(jti: string, now: number): void {
    this.q.revokeAccessToken.run(now, jti)
  }

  /** The teams where `email` is a member, in the order they were joined. */
  memberTeams(email: string): Array<{team_id: string; name: string; role: string}> {
    return this.q.memberTeams.all(email)
  }
}
