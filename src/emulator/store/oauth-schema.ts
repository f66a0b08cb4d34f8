/**
 * Tables of the authorization server. Times are unix milliseconds of the emulator clock; secrets (client
 * secrets, codes, refresh tokens) are stored as SHA-256 hashes, never in clear.
 */
export const OAUTH_SCHEMA = `
CREATE TABLE IF NOT EXISTS oauth_keys (
  kid TEXT PRIMARY KEY,
  private_pem TEXT NOT NULL,
  public_jwk TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS oauth_clients (
  id TEXT PRIMARY KEY,
  secret_hash TEXT,
  name TEXT NOT NULL,
  kind TEXT NOT NULL,
  team_id TEXT,
  redirect_uris TEXT NOT NULL,
  scopes TEXT NOT NULL,
  grant_types TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS oauth_browsers (
  id TEXT PRIMARY KEY,
  email TEXT,
  created_at INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS oauth_interactions (
  id TEXT PRIMARY KEY,
  browser_id TEXT NOT NULL,
  request TEXT NOT NULL,
  signin_email TEXT,
  signin_code TEXT,
  signin_expires_at INTEGER,
  signin_attempts INTEGER NOT NULL DEFAULT 0,
  email TEXT,
  team_id TEXT,
  expires_at INTEGER NOT NULL,
  completed_at INTEGER
);

CREATE TABLE IF NOT EXISTS oauth_codes (
  hash TEXT PRIMARY KEY,
  client_id TEXT NOT NULL,
  redirect_uri TEXT NOT NULL,
  code_challenge TEXT NOT NULL,
  resource TEXT NOT NULL,
  scope TEXT NOT NULL,
  team_id TEXT NOT NULL,
  email TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER,
  grant_id TEXT
);

CREATE TABLE IF NOT EXISTS oauth_grants (
  id TEXT PRIMARY KEY,
  client_id TEXT NOT NULL,
  team_id TEXT NOT NULL,
  email TEXT NOT NULL,
  scope TEXT NOT NULL,
  resource TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  revoked_at INTEGER,
  revoked_reason TEXT
);

CREATE TABLE IF NOT EXISTS oauth_refresh_tokens (
  hash TEXT PRIMARY KEY,
  grant_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  rotated_at INTEGER
);
CREATE INDEX IF NOT EXISTS oauth_refresh_tokens_grant ON oauth_refresh_tokens (grant_id);

CREATE TABLE IF NOT EXISTS oauth_access_tokens (
  jti TEXT PRIMARY KEY,
  grant_id TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER
);
CREATE INDEX IF NOT EXISTS oauth_access_tokens_grant ON oauth_access_tokens (grant_id);
`

export const OAUTH_TABLES = [
  'oauth_access_tokens',
  'oauth_refresh_tokens',
  'oauth_grants',
  'oauth_codes',
  'oauth_interactions',
  'oauth_browsers',
  'oauth_clients',
  'oauth_keys',
] as const
