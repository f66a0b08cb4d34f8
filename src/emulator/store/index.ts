import {randomBytes} from 'node:crypto'
import {addColumnIfMissing} from './add-column.js'
import {CounterpartyStore} from './counterparty-store.js'
import {IdempotencyStore} from './idempotency-store.js'
import {PayoutStore} from './payout-store.js'
import {preparePrivateDatabaseFile} from './private-database-file.js'
import {type Database, openDatabase} from './sqlite-driver.js'
import {ADDED_COLUMNS, SCHEMA, SCHEMA_VERSION, TABLES} from './store-schema.js'
import {TeamStore} from './team-store.js'
import {TransactionStore} from './transaction-store.js'
import {WebhookStore} from './webhook-store.js'

/**
 * The emulator's database: one SQLite connection (`sqlite-driver.ts`), prepared statements grouped per resource, and
 * `transaction()` for every multi-row change. A file database uses WAL; `:memory:` is for tests.
 */
export class Store {
  readonly db: Database
  readonly teams: TeamStore
  readonly payouts: PayoutStore
  readonly counterparties: CounterpartyStore
  readonly transactions: TransactionStore
  readonly webhooks: WebhookStore
  readonly idempotency: IdempotencyStore
  private readonly metaGet
  private readonly metaSet

  constructor(file: string) {
    if (file !== ':memory:') preparePrivateDatabaseFile(file)
    this.db = openDatabase(file)
    if (file !== ':memory:') this.db.exec('PRAGMA journal_mode = WAL')
    this.db.exec('PRAGMA synchronous = NORMAL')
    this.db.exec('PRAGMA busy_timeout = 5000')
    this.db.exec(SCHEMA)
    const version = this.db.prepare<[], {user_version: number}>('PRAGMA user_version').get()?.user_version
    if (version === 0) this.db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`)
    else if (version !== SCHEMA_VERSION)
      throw new Error(`the emulator database ${file} has schema version ${version}; start with --reset to recreate it`)
    for (const {table, column, definition} of ADDED_COLUMNS) addColumnIfMissing(this.db, table, column, definition)
    this.metaGet = this.db.prepare<[string], {value: string}>('SELECT value FROM meta WHERE key = ?')
    this.metaSet = this.db.prepare<[string, string]>('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)')
    this.teams = new TeamStore(this.db)
    this.teams.hashClearKeys()
    this.payouts = new PayoutStore(this.db)
    this.counterparties = new CounterpartyStore(this.db)
    this.transactions = new TransactionStore(this.db)
    this.webhooks = new WebhookStore(this.db)
    this.idempotency = new IdempotencyStore(this.db)
  }

  /** Runs `fn` in one SQL transaction (nested calls become savepoints). */
  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)
  }

  meta(key: string): string | undefined {
    return this.metaGet.get(key)?.value
  }

  setMeta(key: string, value: string): void {
    this.metaSet.run(key, value)
  }

  /** The HMAC secret of session tokens and list cursors; created with the database. */
  secret(): string {
    let secret = this.meta('secret')
    if (!secret) {
      secret = randomBytes(32).toString('hex')
      this.setMeta('secret', secret)
    }
    return secret
  }

  /** Empties every table. */
  wipe(): void {
    this.transaction(() => {
      for (const table of TABLES) this.db.exec(`DELETE FROM ${table}`)
    })
  }

  close(): void {
    this.db.close()
  }
}
