import {describe, expect, it} from 'vitest'
import {
  type DriverLoaders,
  defaultLoaders,
  MISSING_SQLITE,
  NO_SQLITE,
  openDatabase,
} from '../../src/emulator/store/sqlite-driver.js'

const withoutNodeSqlite: DriverLoaders = {...defaultLoaders, nodeSqlite: () => undefined}

function loads(loaders: DriverLoaders): boolean {
  try {
    openDatabase(':memory:', loaders).close()
    return true
  } catch {
    return false
  }
}

// Every driver that this Node can load (node:sqlite from 22.13; better-sqlite3 where its native module fits).
const drivers: Array<[string, DriverLoaders]> = []
if (defaultLoaders.nodeSqlite()) drivers.push(['node:sqlite', defaultLoaders])
if (loads(withoutNodeSqlite)) drivers.push(['better-sqlite3', withoutNodeSqlite])

function table(loaders: DriverLoaders) {
  const db = openDatabase(':memory:', loaders)
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, note TEXT)')
  return db
}

describe('store driver', () => {
  it('this Node has at least one driver', () => {
    expect(drivers.length).toBeGreaterThan(0)
  })

  describe.each(drivers)('%s', (name, loaders) => {
    it('is the driver it says it is', () => {
      const db = openDatabase(':memory:', loaders)
      expect(db.driver).toBe(name)
      expect(db.open).toBe(true)
      db.close()
      expect(db.open).toBe(false)
      db.close()
    })

    it('binds named and positional parameters, ignoring keys the statement does not name', () => {
      const db = table(loaders)
      const insert = db.prepare<[{name: string; note: string | null; extra?: string}]>(
        'INSERT INTO t (name, note) VALUES (@name, @note)',
      )
      expect(Number(insert.run({name: 'a', note: null, extra: 'ignored'}).lastInsertRowid)).toBe(1)
      expect(Number(insert.run({name: 'b', note: 'x'}).changes)).toBe(1)
      const byName = db.prepare<[string], {id: number; name: string; note: string | null}>(
        'SELECT * FROM t WHERE name = ?',
      )
      expect({...byName.get('a')}).toEqual({id: 1, name: 'a', note: null})
      expect(byName.get('missing')).toBeUndefined()
      const all = db.prepare<[], {name: string}>('SELECT name FROM t ORDER BY id')
      expect(all.all().map(row => row.name)).toEqual(['a', 'b'])
      expect([...all.iterate()].map(row => row.name)).toEqual(['a', 'b'])
    })

    it('commits a transaction and rolls it back when it throws', () => {
      const db = table(loaders)
      const insert = db.prepare<[string]>('INSERT INTO t (name) VALUES (?)')
      const count = () => (db.prepare<[], {n: number}>('SELECT COUNT(*) AS n FROM t').get() as {n: number}).n
      expect(db.transaction(() => insert.run('a') && 'done')).toBe('done')
      expect(() =>
        db.transaction(() => {
          insert.run('b')
          insert.run('a')
        }),
      ).toThrow(/UNIQUE/)
      expect(count()).toBe(1)
      db.transaction(() => insert.run('c'))
      expect(count()).toBe(2)
    })

    it('nests transactions as savepoints: an inner failure caught by the outer one undoes only the inner part', () => {
      const db = table(loaders)
      const insert = db.prepare<[string]>('INSERT INTO t (name) VALUES (?)')
      db.transaction(() => {
        insert.run('outer')
        expect(() =>
          db.transaction(() => {
            insert.run('inner')
            throw new Error('inner failed')
          }),
        ).toThrow('inner failed')
        db.transaction(() => insert.run('second inner'))
      })
      const names = db.prepare<[], {name: string}>('SELECT name FROM t ORDER BY id').all()
      expect(names.map(row => row.name)).toEqual(['outer', 'second inner'])
    })
  })

  it('opens node:sqlite by default where this Node has it, better-sqlite3 elsewhere', () => {
    const db = openDatabase(':memory:')
    expect(db.driver).toBe(defaultLoaders.nodeSqlite() ? 'node:sqlite' : 'better-sqlite3')
    db.close()
  })

  it('prefers node:sqlite when the running Node has it', () => {
    const opened: string[] = []
    const db = openDatabase(':memory:', {
      nodeSqlite: () => {
        opened.push('node:sqlite')
        return defaultLoaders.nodeSqlite() ?? fakeNodeSqlite()
      },
      betterSqlite3: () => {
        throw new Error('better-sqlite3 must not be loaded')
      },
    })
    db.close()
    expect(opened).toEqual(['node:sqlite'])
  })

  it('says in one line how to get SQLite when neither driver is there', () => {
    const missing = Object.assign(new Error("Cannot find module 'better-sqlite3'"), {code: 'MODULE_NOT_FOUND'})
    const open = () =>
      openDatabase(':memory:', {
        nodeSqlite: () => undefined,
        betterSqlite3: () => {
          throw missing
        },
      })
    expect(open).toThrow(expect.objectContaining({message: MISSING_SQLITE, code: NO_SQLITE}))
    expect(MISSING_SQLITE).not.toContain('\n')
    expect(MISSING_SQLITE).toMatch(/Node >= 22\.13/)
  })
})

/** On Node 20 (no node:sqlite), a stand-in that records being opened is enough for the preference test. */
function fakeNodeSqlite() {
  return {
    DatabaseSync: class {
      isTransaction = false
      prepare() {
        return {}
      }
      exec() {}
      close() {}
    },
  } as unknown as NonNullable<ReturnType<DriverLoaders['nodeSqlite']>>
}
