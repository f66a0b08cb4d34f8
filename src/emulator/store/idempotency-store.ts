import type {IdempotencyRow} from './row-types.js'
import type {Database} from './sqlite-driver.js'

export class IdempotencyStore {
  private readonly q

  constructor(db: Database) {
    this.q = {
      get: db.prepare<[string, string, string], IdempotencyRow>(
        'SELECT * FROM idempotency WHERE team_id = ? AND scope = ? AND key = ?',
      ),
      put: db.prepare<[IdempotencyRow]>(
        `INSERT OR REPLACE INTO idempotency (team_id, scope, key, request_hash, status, body, created_at)
         VALUES (@team_id, @scope, @key, @request_hash, @status, @body, @created_at)`,
      ),
      prune: db.prepare<[number]>('DELETE FROM idempotency WHERE created_at < ?'),
    }
  }

  get(teamId: string, scope: string, key: string): IdempotencyRow | undefined {
    return this.q.get.get(teamId, scope, key)
  }

  put(row: IdempotencyRow): void {
    this.q.put.run(row)
  }

  /** Forgets responses stored before `beforeMs` (emulator clock). */
  prune(beforeMs: number): void {
    this.q.prune.run(beforeMs)
  }
}
