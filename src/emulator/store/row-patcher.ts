import type {Database, Statement} from './sqlite-driver.js'

/** `INSERT INTO table (<columns>) VALUES (@<column>, ...)`: a row inserted from an object of its columns. */
export const insertSql = (table: string, columns: readonly string[]) =>
  `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(c => `@${c}`).join(', ')})`

/**
 * One prepared statement per set of columns, written by `sql` the first time that set comes (cached), so that
 * statements over whichever columns an object has stay prepared without one written by hand for each combination.
 */
export class StatementsByColumns {
  private readonly statements = new Map<string, Statement>()

  constructor(
    private readonly db: Database,
    private readonly sql: (columns: readonly string[]) => string,
  ) {}

  for(columns: readonly string[]): Statement {
    const signature = columns.join(',')
    let statement = this.statements.get(signature)
    if (!statement) {
      statement = this.db.prepare(this.sql(columns))
      this.statements.set(signature, statement)
    }
    return statement
  }
}

/** `UPDATE table SET <the given columns> WHERE <key> = ?`, prepared per set of columns. */
export class Patcher<Row extends object> {
  private readonly updates: StatementsByColumns

  constructor(
    db: Database,
    table: string,
    private readonly key: keyof Row & string,
  ) {
    this.updates = new StatementsByColumns(
      db,
      columns =>
        `UPDATE ${table} SET ${columns.map(column => `${column} = @${column}`).join(', ')} WHERE ${key} = @__key`,
    )
  }

  patch(keyValue: unknown, changes: Partial<Row>): void {
    const columns = Object.keys(changes).filter(column => column !== this.key)
    if (!columns.length) return
    this.updates.for(columns).run({...changes, __key: keyValue})
  }
}
