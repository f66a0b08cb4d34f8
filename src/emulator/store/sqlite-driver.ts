import {createRequire} from 'node:module'
import {errnoCode} from '../../shared/thrown.js'

/**
 * The emulator's SQLite connection, whichever module provides it: Node's built-in `node:sqlite` (Node >= 22.13,
 * nothing to install or compile) or, on older Node, the optional `better-sqlite3` package. Both offer the same
 * synchronous statements; this interface is the part of them the store uses.
 */

export interface RunResult {
  changes: number | bigint
  lastInsertRowid: number | bigint
}

export interface Statement<Params extends unknown[] = unknown[], Row = unknown> {
  run(...params: Params): RunResult
  get(...params: Params): Row | undefined
  all(...params: Params): Row[]
  iterate(...params: Params): IterableIterator<Row>
}

export interface Database {
  /** `node:sqlite` or `better-sqlite3`. */
  readonly driver: DriverName
  readonly open: boolean
  prepare<Params extends unknown[] = unknown[], Row = unknown>(sql: string): Statement<Params, Row>
  exec(sql: string): void
  /** Runs `fn` in one transaction; nested calls become savepoints. Rolls back when `fn` throws. */
  transaction<T>(fn: () => T): T
  close(): void
}

export type DriverName = 'node:sqlite' | 'better-sqlite3'

export const MISSING_SQLITE =
  'the emulator needs SQLite: this Node has no node:sqlite (Node >= 22.13 has) and better-sqlite3 is not installed next to payctl'

/** The `code` of the error thrown when neither driver can be loaded. */
export const NO_SQLITE = 'ERR_NO_SQLITE_DRIVER'

/** How each driver is loaded; tests replace them to see what happens when one is missing. */
export interface DriverLoaders {
  nodeSqlite: () => NodeSqliteModule | undefined
  betterSqlite3: () => BetterSqlite3Constructor
}

type BetterSqlite3Constructor = typeof import('better-sqlite3')

/** The part of `node:sqlite` used here (the Node 20 typings the project builds with do not describe it). */
interface NodeSqliteModule {
  DatabaseSync: new (file: string) => DatabaseSync
}

interface DatabaseSync {
  /** Node >= 22.16; older versions leave it undefined. */
  readonly isTransaction?: boolean
  prepare<Params extends unknown[], Row>(
    sql: string,
  ): Statement<Params, Row> & {setAllowUnknownNamedParameters?(enabled: boolean): void}
  exec(sql: string): void
  close(): void
}

const require = createRequire(import.meta.url)

export const defaultLoaders: DriverLoaders = {
  nodeSqlite: loadNodeSqlite,
  betterSqlite3: () => require('better-sqlite3') as BetterSqlite3Constructor,
}

/** Opens `file` (or `:memory:`) with `node:sqlite` when this Node has it, else with better-sqlite3. */
export function openDatabase(file: string, loaders: DriverLoaders = defaultLoaders): Database {
  const nodeSqlite = loaders.nodeSqlite()
  if (nodeSqlite) return new NodeSqliteDatabase(new nodeSqlite.DatabaseSync(file))
  let BetterSqlite3: BetterSqlite3Constructor
  try {
    BetterSqlite3 = loaders.betterSqlite3()
  } catch (error) {
    if (errnoCode(error) === 'MODULE_NOT_FOUND') throw Object.assign(new Error(MISSING_SQLITE), {code: NO_SQLITE})
    throw error
  }
  return new BetterSqlite3Database(new BetterSqlite3(file))
}

/**
 * `node:sqlite` without its experimental-feature warning (Node 22 prints one; the emulator is not the place
 * to discuss it), or undefined on a Node that lacks it.
 */
function loadNodeSqlite(): NodeSqliteModule | undefined {
  const emitWarning = process.emitWarning
  process.emitWarning = ((warning: string | Error, ...rest: never[]) => {
    if (String(warning).includes('SQLite')) return
    emitWarning.call(process, warning, ...rest)
  }) as typeof process.emitWarning
  try {
    return process.getBuiltinModule?.('node:sqlite') as NodeSqliteModule | undefined
  } catch {
    return undefined
  } finally {
    process.emitWarning = emitWarning
  }
}

class NodeSqliteDatabase implements Database {
  readonly driver = 'node:sqlite'
  private depth = 0
  private closed = false

  constructor(private readonly db: DatabaseSync) {}

  get open(): boolean {
    return !this.closed
  }

  prepare<Params extends unknown[] = unknown[], Row = unknown>(sql: string): Statement<Params, Row> {
    const statement = this.db.prepare<Params, Row>(sql)
    // better-sqlite3 ignores object keys that the statement does not name; the store relies on it.
    statement.setAllowUnknownNamedParameters?.(true)
    return statement
  }

  exec(sql: string): void {
    this.db.exec(sql)
  }

  transaction<T>(fn: () => T): T {
    const savepoint = `sp${this.depth}`
    this.db.exec(this.depth === 0 ? 'BEGIN' : `SAVEPOINT ${savepoint}`)
    this.depth++
    try {
      const result = fn()
      this.depth--
      this.db.exec(this.depth === 0 ? 'COMMIT' : `RELEASE ${savepoint}`)
      return result
    } catch (error) {
      this.depth--
      if (this.depth > 0) this.db.exec(`ROLLBACK TO ${savepoint}; RELEASE ${savepoint}`)
      else if (this.db.isTransaction !== false) this.db.exec('ROLLBACK')
      throw error
    }
  }

  close(): void {
    if (this.closed) return
    this.closed = true
    this.db.close()
  }
}

class BetterSqlite3Database implements Database {
  readonly driver = 'better-sqlite3'

  constructor(private readonly db: import('better-sqlite3').Database) {}

  get open(): boolean {
    return this.db.open
  }

  prepare<Params extends unknown[] = unknown[], Row = unknown>(sql: string): Statement<Params, Row> {
    return this.db.prepare<Params, Row>(sql)
  }

  exec(sql: string): void {
    this.db.exec(sql)
  }

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)()
  }

  close(): void {
    if (this.db.open) this.db.close()
  }
}
