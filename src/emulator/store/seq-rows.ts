import {KeyedRows} from './keyed-rows.js'
import type {Database, Statement} from './sqlite-driver.js'

/**
 * The rows of a table keyed by `seq` (SQLite's rowid), one `KeyedRows`: inserted from the columns the row object has
 * (the row answers with its seq), read and patched by seq. The stores of payouts, counterparties and transactions
 * extend it with their own reads.
 */
export class SeqRows<New extends object> {
  private readonly rows: KeyedRows<New & {seq: number}, New>

  constructor(db: Database, table: string) {
    this.rows = new KeyedRows(db, table, 'seq')
  }

  bySeq(seq: number): (New & {seq: number}) | undefined {
    return this.rows.get(seq)
  }

  insert(row: New): New & {seq: number} {
    return {...row, seq: Number(this.rows.insert(row).lastInsertRowid)}
  }

  /** Applies `changes` and returns the row as stored. */
  patch<Row extends New & {seq: number}>(row: Row, changes: Partial<Row>): Row {
    this.rows.patch(row.seq, changes)
    return {...row, ...changes}
  }
}

/** A team's resource, keyed by `seq`, named by its uuid or by its customId (payouts, counterparties). */
export class TeamRows<New extends {team_id: string; uuid: string; custom_id: string | null}> extends SeqRows<New> {
  private readonly byUuidRow: Statement<[string, string], New & {seq: number}>
  private readonly byCustomIdRow: Statement<[string, string], New & {seq: number}>

  constructor(db: Database, table: string) {
    super(db, table)
    this.byUuidRow = db.prepare(`SELECT * FROM ${table} WHERE team_id = ? AND uuid = ?`)
    this.byCustomIdRow = db.prepare(`SELECT * FROM ${table} WHERE team_id = ? AND custom_id = ?`)
  }

  byUuid(teamId: string, uuid: string): (New & {seq: number}) | undefined {
    return this.byUuidRow.get(teamId, uuid)
  }

  byCustomId(teamId: string, customId: string): (New & {seq: number}) | undefined {
    return this.byCustomIdRow.get(teamId, customId)
  }
}
