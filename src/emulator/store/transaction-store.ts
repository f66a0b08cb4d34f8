import {type KeysetPage, keysetParams} from './keyset-page.js'
import type {NewTransaction, TransactionRow} from './row-types.js'
import {SeqRows} from './seq-rows.js'
import type {Database} from './sqlite-driver.js'

export interface TransactionQuery extends KeysetPage<string> {
  types?: string[]
  statuses?: string[]
  currencies?: string[]
  payoutUuid?: string
  createdFrom?: string
  createdBefore?: string
}

const list = (values: string[] | undefined) => (values?.length ? JSON.stringify(values) : null)

export class TransactionStore extends SeqRows<NewTransaction> {
  private readonly q

  constructor(db: Database) {
    super(db, 'transactions')
    this.q = {
      openForPayout: db.prepare<[string], TransactionRow>(
        "SELECT * FROM transactions WHERE payout_uuid = ? AND status = 'pending' ORDER BY seq DESC LIMIT 1",
      ),
      page: db.prepare<[Record<string, string | number | null>], TransactionRow>(
        `SELECT * FROM transactions WHERE team_id = @team
           AND (@types IS NULL OR type IN (SELECT value FROM json_each(@types)))
           AND (@statuses IS NULL OR status IN (SELECT value FROM json_each(@statuses)))
           AND (@currencies IS NULL OR currency IN (SELECT value FROM json_each(@currencies)))
           AND (@payout IS NULL OR payout_uuid = @payout)
           AND (@createdFrom IS NULL OR created_at >= @createdFrom)
           AND (@createdBefore IS NULL OR created_at < @createdBefore)
           AND (@afterCreated IS NULL OR created_at < @afterCreated OR (created_at = @afterCreated AND id < @afterTie))
         ORDER BY created_at DESC, id DESC LIMIT @limit`,
      ),
    }
  }

  /** The pending outgoing transaction of a payout in flight. */
  openForPayout(payoutUuid: string): TransactionRow | undefined {
    return this.q.openForPayout.get(payoutUuid)
  }

  page(teamId: string, query: TransactionQuery): TransactionRow[] {
    return this.q.page.all({
      team: teamId,
      types: list(query.types),
      statuses: list(query.statuses),
      currencies: list(query.currencies),
      payout: query.payoutUuid ?? null,
      createdFrom: query.createdFrom ?? null,
      createdBefore: query.createdBefore ?? null,
      ...keysetParams(query),
    })
  }
}
