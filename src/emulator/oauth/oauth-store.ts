import {present} from '../../shared/present.js'
import {KeyedRows} from '../store/keyed-rows.js'
import {insertSql} from '../store/row-patcher.js'
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
  readonly clients: KeyedRows<ClientRow>
  readonly interactions: KeyedRows<InteractionRow, Pick<InteractionRow, 'id' | 'browser_id' | 'request' | 'expires_at'>>
  readonly codes: KeyedRows<CodeRow>
  readonly grants: KeyedRows<GrantRow>
  readonly refreshTokens: KeyedRows<RefreshTokenRow>
  readonly accessTokens: KeyedRows<AccessTokenRow>
  private readonly q

  constructor(private readonly db: Database) {
    this.clients = new KeyedRows(db, 'oauth_clients', 'id')
    this.interactions = new KeyedRows(db, 'oauth_interactions', 'id')
    this.codes = new KeyedRows(db, 'oauth_codes', 'hash')
    this.grants = new KeyedRows(db, 'oauth_grants', 'id')
    this.refreshTokens = new KeyedRows(db, 'oauth_refresh_tokens', 'hash')
    this.accessTokens = new KeyedRows(db, 'oauth_access_tokens', 'jti')
    this.q = {
      key: db.prepare<[], KeyRow>('SELECT * FROM oauth_keys ORDER BY created_at DESC LIMIT 1'),
      keys: db.prepare<[], KeyRow>('SELECT * FROM oauth_keys ORDER BY created_at'),
      insertKey: db.prepare<[KeyRow]>(insertSql('oauth_keys', ['kid', 'private_pem', 'public_jwk', 'created_at'])),
      browser: db.prepare<[string], {id: string; email: string | null}>('SELECT * FROM oauth_browsers WHERE id = ?'),
      insertBrowser: db.prepare<[string, number]>(
        'INSERT OR IGNORE INTO oauth_browsers (id, email, created_at) VALUES (?, NULL, ?)',
      ),
      setBrowserEmail: db.prepare<[string | null, string]>('UPDATE oauth_browsers SET email = ? WHERE id = ?'),
      useCode: db.prepare<[number, string]>('UPDATE oauth_codes SET used_at = ? WHERE hash = ? AND used_at IS NULL'),
      setCodeGrant: db.prepare<[string, string]>('UPDATE oauth_codes SET grant_id = ? WHERE hash = ?'),
      revokeGrant: db.prepare<[number, string, string]>(
        'UPDATE oauth_grants SET revoked_at = ?, revoked_reason = ? WHERE id = ? AND revoked_at IS NULL',
      ),
      rotateRefreshToken: db.prepare<[number, string]>(
        'UPDATE oauth_refresh_tokens SET rotated_at = ? WHERE hash = ? AND rotated_at IS NULL',
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

  /** The signed-in e-mail of a browser (cookie), creating the browser row on first sight. */
  browser(id: string, now: number): {id: string; email: string | null} {
    this.q.insertBrowser.run(id, now)
    return present(this.q.browser.get(id))
  }

  setBrowserEmail(id: string, email: string | null): void {
    this.q.setBrowserEmail.run(email, id)
  }

  /** Marks a code used; false when it was used already (a replay). */
  useCode(hash: string, now: number): boolean {
    return this.q.useCode.run(now, hash).changes === 1
  }

  setCodeGrant(hash: string, grantId: string): void {
    this.q.setCodeGrant.run(grantId, hash)
  }

  /** Revokes a grant: every refresh and access token issued under it stops working. */
  revokeGrant(id: string, reason: string, now: number): void {
    this.q.revokeGrant.run(now, reason, id)
  }

  /** Marks a refresh token rotated; false when it was rotated already (a reuse). */
  rotateRefreshToken(hash: string, now: number): boolean {
    return this.q.rotateRefreshToken.run(now, hash).changes === 1
  }

  revokeAccessToken(jti: string, now: number): void {
    this.q.revokeAccessToken.run(now, jti)
  }

  /** The teams where `email` is a member, in the order they were joined. */
  memberTeams(email: string): Array<{team_id: string; name: string; role: string}> {
    return this.q.memberTeams.all(email)
  }
}
