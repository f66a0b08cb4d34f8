import {type KeysetPage, keysetParams} from './keyset-page.js'
import type {NewPayout, PayoutRow, PayoutStatus} from './row-types.js'
import {TeamRows} from './seq-rows.js'
import type {Database} from './sqlite-driver.js'
import {DELETED_SQL, OPEN_STATES_SQL} from './state-sql.js'

export interface PayoutPage extends KeysetPage<number> {
  statuses?: PayoutStatus[]
}

/** Payout rows; both API generations read and write the same rows. */
export class PayoutStore extends TeamRows<NewPayout> {
  private readonly q

  constructor(db: Database) {
    super(db, 'payouts')
    this.q = {
      byUuidAnyTeam: db.prepare<[string], PayoutRow>('SELECT * FROM payouts WHERE uuid = ?'),
      listAsc: db.prepare<[string, number, number], PayoutRow>(
        'SELECT * FROM payouts WHERE team_id = ? ORDER BY created_at ASC, seq ASC LIMIT ? OFFSET ?',
      ),
      listDesc: db.prepare<[string, number, number], PayoutRow>(
        'SELECT * FROM payouts WHERE team_id = ? ORDER BY created_at DESC, seq DESC LIMIT ? OFFSET ?',
      ),
      page: db.prepare<
        [{team: string; statuses: string | null; afterCreated: string | null; afterTie: number | null; limit: number}],
        PayoutRow
      >(
        `SELECT * FROM payouts WHERE team_id = @team AND status != ${DELETED_SQL}
           AND (@statuses IS NULL OR status IN (SELECT value FROM json_each(@statuses)))
           AND (@afterCreated IS NULL OR created_at < @afterCreated OR (created_at = @afterCreated AND seq < @afterTie))
         ORDER BY created_at DESC, seq DESC LIMIT @limit`,
      ),
      amountsInStates: db.prepare<[string, string], {amount: string; currency: string}>(
        'SELECT amount, currency FROM payouts WHERE team_id = ? AND status IN (SELECT value FROM json_each(?))',
      ),
      paidSince: db.prepare<[string, string, string], {one: number}>(
        `SELECT 1 AS one FROM payouts WHERE team_id = ? AND counterparty_uuid = ? AND completed_at IS NOT NULL
           AND completed_at >= ? LIMIT 1`,
      ),
      dueExpiries: db.prepare<[string], PayoutRow>(
        `SELECT * FROM payouts WHERE status IN (${OPEN_STATES_SQL}) AND expires_at <= ? ORDER BY expires_at, seq`,
      ),
    }
  }

  /** For the control routes, which act as the recipient and carry no team credentials. */
  byUuidAnyTeam(uuid: string): PayoutRow | undefined {
    return this.q.byUuidAnyTeam.get(uuid)
  }

  reload(row: PayoutRow): PayoutRow {
    return this.bySeq(row.seq) ?? row
  }

  /** v1 list: offset pages ordered by creation time. */
  list(teamId: string, direction: 'asc' | 'desc', limit: number, offset: number): PayoutRow[] {
    return (direction === 'asc' ? this.q.listAsc : this.q.listDesc).all(teamId, limit, offset)
  }

  /** v2 list: newest first, deleted payouts excluded, keyset pages. */
  page(teamId: string, page: PayoutPage): PayoutRow[] {
    return this.q.page.all({
      team: teamId,
      statuses: page.statuses?.length ? JSON.stringify(page.statuses) : null,
      ...keysetParams(page),
    })
  }

  /** Whether a payout to this counterparty completed at or after `since` (when its details last changed). */
  paidSince(teamId: string, counterpartyUuid: string, since: string): boolean {
    return this.q.paidSince.get(teamId, counterpartyUuid, since) !== undefined
  }

  amountsInStates(teamId: string, states: readonly PayoutStatus[]): Iterable<{amount: string; currency: string}> {
    return this.q.amountsInStates.iterate(teamId, JSON.stringify(states))
  }

  dueExpiries(nowIso: string): PayoutRow[] {
    return this.q.dueExpiries.all(nowIso)
  }
}
