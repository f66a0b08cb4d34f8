import {insertSql, Patcher, StatementsByColumns} from './row-patcher.js'
import type {Database, RunResult, Statement} from './sqlite-driver.js'

/**
 * The rows of a table named by one key column (an id, a hash): one read by its key, inserted from the columns the
 * row object has (`New`; the rest take their defaults; the answer carries SQLite's rowid), patched by key. A store
 * holds one per such table, beside its own statements.
 */
export class KeyedRows<Row extends object, New extends object = Row> {
  private readonly byKey: Statement<[string | number], Row>
  private readonly inserts: StatementsByColumns
  private readonly patcher: Patcher<Row>

  constructor(db: Database, table: string, key: keyof Row & string) {
    this.byKey = db.prepare(`SELECT * FROM ${table} WHERE ${key} = ?`)
    this.inserts = new StatementsByColumns(db, columns => insertSql(table, columns))
    this.patcher = new Patcher<Row>(db, table, key)
  }

  get(key: string | number): Row | undefined {
    return this.byKey.get(key)
  }

  insert(row: New): RunResult {
    return this.inserts.for(Object.keys(row)).run(row)
  }

  patch(key: string | number, changes: Partial<Row>): void {
    this.patcher.patch(key, changes)
  }
}
