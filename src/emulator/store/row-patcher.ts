import type {Database, Statement} from './sqlite-driver.js'

/** `INSERT INTO table (<columns>) VALUES (@<column>, ...)`: a row inserted from an object of its columns. */
export const insertSql = (table: string, columns: readonly string[]) =>
  `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(c => `@${c}`).join(', ')})`

/**
 * `UPDATE table SET <the given columns> WHERE <key> = ?`, with one prepared statement per set of columns
 * (cached), so updates stay prepared without a hand-written statement for every combination.
 */
export class Patcher<Row extends object> {
  private readonly statements = new Map<string, Statement>()

  constructor(
    private readonly db: Database,
    private readonly table: string,
    private readonly key: keyof Row & string,
  ) {}

  patch(keyValue: unknown, changes: Partial<Row>): void {
    const columns = Object.keys(changes).filter(column => column !== this.key)
    if (!columns.length) return
    const signature = columns.join(',')
    let statement = this.statements.get(signature)
    if (!statement) {
      const sets = columns.map(column => `${column} = @${column}`).join(', ')
      statement = this.db.prepare(`UPDATE ${this.table} SET ${sets} WHERE ${this.key} = @__key`)
      this.statements.set(signature, statement)
    }
    statement.run({...changes, __key: keyValue})
  }
}
