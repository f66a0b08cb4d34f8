import {type KeysetPage, keysetParams} from './keyset-page.js'
import type {CounterpartyRow, NewCounterparty} from './row-types.js'
import {TeamRows} from './seq-rows.js'
import type {Database} from './sqlite-driver.js'

export class CounterpartyStore extends TeamRows<NewCounterparty> {
  private readonly q

  constructor(db: Database) {
    super(db, 'counterparties')
    this.q = {
      recipientManagedByEmail: db.prepare<[string, string], CounterpartyRow>(
        `SELECT * FROM counterparties WHERE team_id = ? AND recipient_managed = 1 AND deleted_at IS NULL
           AND lower(email) = lower(?)`,
      ),
      // A recipient-managed row is hidden when a team-managed row with the same e-mail overrides it (spec 4.4b).
      page: db.prepare<
        [{team: string; afterCreated: string | null; afterTie: string | null; limit: number}],
        CounterpartyRow
      >(
        `SELECT * FROM counterparties c WHERE c.team_id = @team AND c.deleted_at IS NULL
           AND NOT (c.recipient_managed = 1 AND c.email IS NOT NULL AND EXISTS (
             SELECT 1 FROM counterparties t WHERE t.team_id = c.team_id AND t.recipient_managed = 0
               AND t.deleted_at IS NULL AND lower(t.email) = lower(c.email)))
           AND (@afterCreated IS NULL OR c.created_at < @afterCreated
             OR (c.created_at = @afterCreated AND c.uuid < @afterTie))
         ORDER BY c.created_at DESC, c.uuid DESC LIMIT @limit`,
      ),
    }
  }

  recipientManagedByEmail(teamId: string, email: string): CounterpartyRow | undefined {
    return this.q.recipientManagedByEmail.get(teamId, email)
  }

  page(teamId: string, page: KeysetPage<string>): CounterpartyRow[] {
    return this.q.page.all({team: teamId, ...keysetParams(page)})
  }
}
