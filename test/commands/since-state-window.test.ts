import {mkdtempSync, readFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {PassThrough} from 'node:stream'
import {describe, expect, it} from 'vitest'
import {listed} from '../../src/cli/output/item-stream.js'
import {Output} from '../../src/cli/output/output.js'
import {renderItemStream} from '../../src/cli/output/render-stream.js'
import {sinceStateItems} from '../../src/operations/since-state/since-state-items.js'
import {contentFingerprint} from '../../src/services/since-state/since-tracker.js'
import type {SinceState} from '../../src/services/since-state/state-file.js'
import {transactionWindow, windowStart} from '../../src/services/since-state/transaction-window.js'

/**
 * The transactions window without a server: same-timestamp ties on both sides of a run, a late arrival
 * inside the overlap, a changed item, and the query each run sends. (The emulator cannot make two requests
 * share a createdAt; test/commands/since-state.test.ts covers the rest end to end.)
 */

interface Tx {
  id: string
  createdAt: string
  status: string
}

const T = '2026-11-20T10:00:00.000Z'
const tx = (id: string, createdAt: string, status = 'completed'): Tx => ({id, createdAt, status})

async function run(path: string, served: Tx[]): Promise<{printed: string[]; query?: string}> {
  const stdout = new PassThrough()
  let text = ''
  stdout.on('data', chunk => (text += chunk))
  const out = new Output({json: false, streams: {stdout, stderr: new PassThrough()}, env: {}})
  let query: string | undefined
  const items = sinceStateItems<Tx, Tx>({
    report: out,
    path,
    run: {command: 'transactions list', profile: 'p', origin: 'http://127.0.0.1:1', filters: {}},
    pages: async function* (state: SinceState | undefined) {
      query = transactionWindow({}, state).createdFrom
      yield served
    },
    fingerprint: contentFingerprint,
    window: {createdAt: t => t.createdAt, keepFrom: windowStart},
    shown: t => t,
  })
  const stream = listed(items, {columns: [{header: 'ID', key: 'id', value: (t: Tx) => t.id}], format: 'tsv'})
  await renderItemStream(out, stream)
  return {printed: text.split('\n').filter(Boolean), query}
}

describe('the transactions window of --since-state', () => {
  it('prints a transaction with the high-water timestamp that shows up after the run, and nothing twice', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'payctl-window-')), 'tx.state')
    expect((await run(path, [tx('b', T), tx('a', T)])).printed).toEqual(['b', 'a'])
    const saved = JSON.parse(readFileSync(path, 'utf8'))
    expect(saved.highWater).toBe(T)
    expect(Object.keys(saved.seen).sort()).toEqual(['a', 'b'])

    // c has the same createdAt as a and b (committed after the first run read); d is an hour older.
    const late = await run(path, [tx('c', T), tx('b', T), tx('a', T), tx('d', '2026-11-20T09:00:00.000Z')])
    expect(late.query).toBe('2026-11-19T10:00:00.000Z')
    expect(late.printed).toEqual(['c', 'd'])

    const changed = await run(path, [tx('c', T), tx('b', T, 'reversed'), tx('a', T)])
    expect(changed.printed).toEqual(['b'])
  })

  it('keeps only the fingerprints inside the window before the new high-water mark', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'payctl-window-')), 'tx.state')
    await run(path, [tx('new', '2026-11-22T10:00:00.000Z'), tx('old', T)])
    const saved = JSON.parse(readFileSync(path, 'utf8'))
    expect(saved.highWater).toBe('2026-11-22T10:00:00.000Z')
    expect(Object.keys(saved.seen)).toEqual(['new'])
    const next = await run(path, [tx('new', '2026-11-22T10:00:00.000Z')])
    expect(next.query).toBe('2026-11-21T10:00:00.000Z')
    expect(next.printed).toEqual([])
  })
})
