import {createHash} from 'node:crypto'
import {KeyedRows} from './keyed-rows.js'
import {insertSql} from './row-patcher.js'
import type {AccountRow, ApiKeyRow, MemberRow, TeamRow} from './row-types.js'
import type {Database} from './sqlite-driver.js'

const HASHED = 'sha256:'

/**
 * API keys are stored as SHA-256 digests, as a real service stores them: the database never holds a usable key
 * (a key has 128 random bits or more, so a fast unsalted digest is enough). Webhook secrets stay readable: the
 * emulator signs with them.
 */
export const hashApiKey = (key: string) => `${HASHED}${createHash('sha256').update(key).digest('hex')}`

/** Teams, their members, API keys and per-currency accounts. */
export class TeamStore {
  private readonly teams: KeyedRows<TeamRow>
  private readonly q

  constructor(db: Database) {
    this.teams = new KeyedRows(db, 'teams', 'id')
    this.q = {
      insertMember: db.prepare<[MemberRow]>(insertSql('members', ['team_id', 'email', 'name', 'role', 'joined_at'])),
      members: db.prepare<[string], MemberRow>(
        "SELECT * FROM members WHERE team_id = ? ORDER BY CASE role WHEN 'owner' THEN 0 ELSE 1 END, joined_at, email",
      ),
      insertKey: db.prepare<[ApiKeyRow]>(
        insertSql('api_keys', ['key', 'team_id', 'name', 'scopes', 'created_at', 'revoked_at']),
      ),
      key: db.prepare<[string], ApiKeyRow>('SELECT * FROM api_keys WHERE key = ? AND revoked_at IS NULL'),
      revokeKey: db.prepare<[string, string]>(
        'UPDATE api_keys SET revoked_at = ? WHERE key = ? AND revoked_at IS NULL',
      ),
      clearKeys: db.prepare<[], {key: string}>(`SELECT key FROM api_keys WHERE key NOT LIKE '${HASHED}%'`),
      rehashKey: db.prepare<[string, string]>('UPDATE api_keys SET key = ? WHERE key = ?'),
      insertAccount: db.prepare<[AccountRow]>(
        insertSql('accounts', [
          'team_id',
          'currency',
          'total',
          'reserved',
          'allowance_limit',
          'allowance_used',
          'allowance_resets_at',
          'iban',
          'created_at',
        ]),
      ),
      account: db.prepare<[string, string], AccountRow>('SELECT * FROM accounts WHERE team_id = ? AND currency = ?'),
      accounts: db.prepare<[string], AccountRow>(
        'SELECT * FROM accounts WHERE team_id = ? ORDER BY created_at, currency',
      ),
      setBalance: db.prepare<[string, string, string, string]>(
        'UPDATE accounts SET total = ?, reserved = ? WHERE team_id = ? AND currency = ?',
      ),
      setAllowance: db.prepare<[string | null, string | null, string, string]>(
        'UPDATE accounts SET allowance_limit = ?, allowance_resets_at = ? WHERE team_id = ? AND currency = ?',
      ),
      setAllowanceUsage: db.prepare<[string, string | null, string, string]>(
        'UPDATE accounts SET allowance_used = ?, allowance_resets_at = ? WHERE team_id = ? AND currency = ?',
      ),
    }
  }

  /** A data file written before keys were hashed: hash them in place. */
  hashClearKeys(): void {
    for (const {key} of this.q.clearKeys.all()) this.q.rehashKey.run(hashApiKey(key), key)
  }

  insertTeam(row: TeamRow): void {
    this.teams.insert(row)
  }

  team(id: string): TeamRow | undefined {
    return this.teams.get(id)
  }

  patchTeam(id: string, changes: Partial<TeamRow>): void {
    this.teams.patch(id, changes)
  }

  insertMember(row: MemberRow): void {
    this.q.insertMember.run(row)
  }

  members(teamId: string): MemberRow[] {
    return this.q.members.all(teamId)
  }

  /** Stores the key's digest, never the key. */
  insertKey(row: ApiKeyRow): void {
    this.q.insertKey.run({...row, key: hashApiKey(row.key)})
  }

  /** An active (not revoked) key. */
  key(key: string): ApiKeyRow | undefined {
    return this.q.key.get(hashApiKey(key))
  }

  /** Revokes a key (as deleting it in the dashboard does); false when it is unknown or revoked already. */
  revokeKey(key: string, at: string): boolean {
    return this.q.revokeKey.run(at, hashApiKey(key)).changes === 1
  }

  insertAccount(row: AccountRow): void {
    this.q.insertAccount.run(row)
  }

  account(teamId: string, currency: string): AccountRow | undefined {
    return this.q.account.get(teamId, currency)
  }

  accounts(teamId: string): AccountRow[] {
    return this.q.accounts.all(teamId)
  }

  setBalance(teamId: string, currency: string, total: string, reserved: string): void {
    this.q.setBalance.run(total, reserved, teamId, currency)
  }

  /** The daily spending allowance of one account (`null` removes it); `used` is left as it is. */
  setAllowance(teamId: string, currency: string, limit: string | null, resetsAt: string | null): void {
    this.q.setAllowance.run(limit, resetsAt, teamId, currency)
  }

  /** What the allowance of one account has used since its last reset, and when it resets next. */
  setAllowanceUsage(teamId: string, currency: string, used: string, resetsAt: string | null): void {
    this.q.setAllowanceUsage.run(used, resetsAt, teamId, currency)
  }
}
