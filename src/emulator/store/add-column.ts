import type {Database} from './sqlite-driver.js'

/**
 * Adds a column that a database made by an older emulator lacks. Additive changes need no new schema version:
 * new databases get the column from the schema, old ones here, with the column's default for existing rows.
 */
export function addColumnIfMissing(db: Database, table: string, column: string, definition: string): void {
  const columns = db.prepare<[], {name: string}>(`PRAGMA table_info(${table})`).all()
  if (!columns.some(existing => existing.name === column))
    db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${definition}`)
}
