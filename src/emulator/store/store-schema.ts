import {OAUTH_SCHEMA, OAUTH_TABLES} from './oauth-schema.js'
import {OPEN_STATES_SQL} from './state-sql.js'

/** The emulator's SQLite schema. Amounts are TEXT (decimal strings, big.js arithmetic); times are ISO TEXT. */
export const SCHEMA_VERSION = 1

export const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

CREATE TABLE IF NOT EXISTS teams (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  kyb_status TEXT NOT NULL,
  dac7_reporting_required INTEGER NOT NULL DEFAULT 0,
  wallet_address TEXT,
  created_at TEXT NOT NULL,
  white_label INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE IF NOT EXISTS members (
  team_id TEXT NOT NULL,
  email TEXT NOT NULL,
  name TEXT NOT NULL,
  role TEXT NOT NULL,
  joined_at TEXT NOT NULL,
  PRIMARY KEY (team_id, email)
);

CREATE TABLE IF NOT EXISTS api_keys (
  key TEXT PRIMARY KEY,
  team_id TEXT NOT NULL,
  name TEXT NOT NULL,
  scopes TEXT NOT NULL,
  created_at TEXT NOT NULL,
  revoked_at TEXT
);

CREATE TABLE IF NOT EXISTS accounts (
  team_id TEXT NOT NULL,
  currency TEXT NOT NULL,
  total TEXT NOT NULL,
  reserved TEXT NOT NULL,
  allowance_limit TEXT,
  allowance_used TEXT NOT NULL DEFAULT '0',
  allowance_resets_at TEXT,
  iban TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (team_id, currency)
);

CREATE TABLE IF NOT EXISTS payouts (
  seq INTEGER PRIMARY KEY,
  uuid TEXT NOT NULL UNIQUE,
  team_id TEXT NOT NULL,
  custom_id TEXT,
  description TEXT NOT NULL,
  amount TEXT NOT NULL,
  currency TEXT NOT NULL,
  recipient_type TEXT NOT NULL,
  creator_handle TEXT,
  email TEXT,
  phone TEXT,
  counterparty_uuid TEXT,
  verification_method TEXT,
  tags TEXT NOT NULL,
  payout_type TEXT NOT NULL,
  notifications TEXT NOT NULL,
  status TEXT NOT NULL,
  payment_method TEXT,
  failure_code TEXT,
  failure_reason TEXT,
  approved_at TEXT,
  claim_link_sent_at TEXT,
  requested_at TEXT,
  completed_at TEXT,
  failed_at TEXT,
  deleted_at TEXT,
  expires_at TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS payouts_custom_id ON payouts (team_id, custom_id) WHERE custom_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS payouts_created ON payouts (team_id, created_at, seq);
CREATE INDEX IF NOT EXISTS payouts_open_expiry ON payouts (expires_at) WHERE status IN (${OPEN_STATES_SQL});

CREATE TABLE IF NOT EXISTS counterparties (
  seq INTEGER PRIMARY KEY,
  uuid TEXT NOT NULL UNIQUE,
  team_id TEXT NOT NULL,
  custom_id TEXT,
  identity TEXT NOT NULL,
  email TEXT,
  address TEXT,
  payment_method TEXT,
  tax_identity TEXT,
  recipient_managed INTEGER NOT NULL DEFAULT 0,
  deleted_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS counterparties_custom_id ON counterparties (team_id, custom_id) WHERE custom_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS counterparties_created ON counterparties (team_id, created_at, uuid);

CREATE TABLE IF NOT EXISTS transactions (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  team_id TEXT NOT NULL,
  type TEXT NOT NULL,
  status TEXT NOT NULL,
  direction TEXT NOT NULL,
  amount TEXT NOT NULL,
  currency TEXT NOT NULL,
  payout_uuid TEXT,
  counterparty_uuid TEXT,
  account TEXT,
  reference TEXT,
  tx_hash TEXT,
  created_at TEXT NOT NULL,
  completed_at TEXT
);
CREATE INDEX IF NOT EXISTS transactions_created ON transactions (team_id, created_at, id);
CREATE INDEX IF NOT EXISTS transactions_payout ON transactions (payout_uuid);

CREATE TABLE IF NOT EXISTS webhook_subscriptions (
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL,
  target_url TEXT NOT NULL,
  event_type TEXT NOT NULL,
  secret TEXT NOT NULL,
  created_at TEXT NOT NULL,
  events TEXT
);

CREATE TABLE IF NOT EXISTS webhook_deliveries (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  subscription_id TEXT NOT NULL,
  url TEXT NOT NULL,
  event TEXT NOT NULL,
  event_seq INTEGER NOT NULL,
  body TEXT NOT NULL,
  attempt INTEGER NOT NULL,
  state TEXT NOT NULL,
  response_status INTEGER,
  error TEXT,
  scheduled_at INTEGER NOT NULL,
  sent_at INTEGER
);
CREATE INDEX IF NOT EXISTS webhook_deliveries_queue ON webhook_deliveries (subscription_id, state, event_seq, attempt);

CREATE TABLE IF NOT EXISTS idempotency (
  team_id TEXT NOT NULL,
  scope TEXT NOT NULL,
  key TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  status INTEGER NOT NULL,
  body TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (team_id, scope, key)
);
CREATE INDEX IF NOT EXISTS idempotency_created ON idempotency (created_at);
${OAUTH_SCHEMA}`

/**
 * The columns added to the schema after its version was set: a database made by an older emulator lacks them and
 * gets them on opening (`addColumnIfMissing`), with their default for existing rows.
 */
export const ADDED_COLUMNS = [
  {table: 'teams', column: 'white_label', definition: 'INTEGER NOT NULL DEFAULT 1'},
  {table: 'webhook_subscriptions', column: 'events', definition: 'TEXT'},
] as const

/** Every table, in the order a reset empties them. */
export const TABLES = [
  ...OAUTH_TABLES,
  'idempotency',
  'webhook_deliveries',
  'webhook_subscriptions',
  'transactions',
  'counterparties',
  'payouts',
  'accounts',
  'api_keys',
  'members',
  'teams',
  'meta',
] as const
