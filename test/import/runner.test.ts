import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest'
import {PayoutClient} from '../../src/client/index.js'
import type {Chunk} from '../../src/import/chunks.js'
import {Journal, optionsDiffer} from '../../src/import/journal.js'
import {describeChunk, ImportProgress} from '../../src/import/progress.js'
import {ReportWriter} from '../../src/import/report.js'
import {type ChunkEvent, emptyCounts, runChunks} from '../../src/import/runner.js'
import {type ChunkOutcome, v1Sender, v2Sender} from '../../src/import/send.js'
import type {Output} from '../../src/output/output.js'
import {apiError, drop, FakeServer, json} from '../helpers/fake-server.js'

const work = mkdtempSync(join(tmpdir(), 'payctl-runner-'))
afterAll(() => rmSync(work, {recursive: true, force: true}))
let file = 0
const path = (name: string) => join(work, `${++file}-${name}`)

/** Chunks of `size` rows numbered from 1; row lines start at 2. */
async function* chunksOf(
  rows: number,
  size = 100,
  skipped: Record<number, number[]> = {},
): AsyncGenerator<Chunk<{n: number}>> {
  for (let start = 0, number = 1; start < rows; start += size, number++) {
    const count = Math.min(size, rows - start)
    yield {
      number,
      rows: Array.from({length: count}, (_, i) => ({
        line: start + i + 2,
        customId: `c-${start + i}`,
        item: {n: start + i},
      })),
      skipped: (skipped[number] ?? []).map(line => ({line, error: 'bad'})),
    }
  }
}

const header = {
  type: 'import' as const,
  version: 1 as const,
  file: 'f.csv',
  fileHash: 'h',
  target: 't',
  origin: 'o',
  options: {api: 'v2' as const, skipInvalid: false, decimalComma: false, encoding: 'utf8', delimiter: ','},
  chunks: 10,
  startedAt: '',
}

async function openJournal(file = path('j.jsonl'), keepIds = false): Promise<Journal> {
  const journal = await Journal.load(file, keepIds)
  await journal.begin(header)
  return journal
}

const done = (chunk: Chunk<{n: number}>): ChunkOutcome => ({
  kind: 'done',
  rows: chunk.rows.map(row => ({status: 'created', payoutId: `p-${row.item.n}`})),
})

describe('the runner', () => {
  it('keeps at most --concurrency chunks in flight and journals every finished chunk', async () => {
    const journal = await openJournal()
    let active = 0
    let peak = 0
    const keys: string[] = []
    const result = await runChunks({
      chunks: chunksOf(1000),
      send: async (chunk, key) => {
        keys.push(key)
        active++
        peak = Math.max(peak, active)
        await new Promise(resolve => setImmediate(resolve))
        active--
        return done(chunk)
      },
      idempotencyKey: chunk => `key-${chunk}`,
      journal,
      concurrency: 3,
      validRows: 1000,
    })
    await journal.close()
    expect(peak).toBe(3)
    expect(keys.sort()).toEqual(Array.from({length: 10}, (_, i) => `key-${i + 1}`).sort())
    expect(result).toMatchObject({created: 1000, failed: 0, pending: 0, chunksSent: 10})
    expect(result.stopped).toBeUndefined()
    const again = await Journal.load(journal.path, true)
    expect([...again.done.keys()].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    expect(again.done.get(3)?.ids[0]).toBe('p-200')
  })

  it('skips chunks an earlier run finished, and reports them in file order with their ids', async () => {
    const journalFile = path('j.jsonl')
    writeFileSync(
      journalFile,
      `${JSON.stringify({type: 'import', version: 1, options: {}})}\n${JSON.stringify({type: 'chunk', chunk: 1, created: 2, updated: 0, ids: ['old-0', 'old-1']})}\n{"type":"chunk","chu`,
    )
    const journal = await openJournal(journalFile, true)
    expect([...journal.done.keys()]).toEqual([1])
    const reportFile = path('report.csv')
    const report = await ReportWriter.open(reportFile)
    const sent: number[] = []
    const result = await runChunks({
      chunks: chunksOf(5, 2, {2: [5]}),
      send: async chunk => {
        sent.push(chunk.number)
        // Finish out of order: the report must still follow the file.
        if (chunk.number === 2) await new Promise(resolve => setTimeout(resolve, 20))
        return done(chunk)
      },
      idempotencyKey: String,
      journal,
      concurrency: 2,
      validRows: 5,
      report,
    })
    await report.close()
    await journal.close()
    expect(sent.sort()).toEqual([2, 3])
    expect(result).toMatchObject({created: 3, alreadyImported: 2, chunksAlreadyImported: 1, chunksSent: 2})
    expect(readFileSync(reportFile, 'utf8').trim().split('\n')).toEqual([
      'line,customId,payoutId,status,error',
      '2,c-0,old-0,imported-earlier,',
      '3,c-1,old-1,imported-earlier,',
      '4,c-2,p-2,created,',
      '5,,,invalid,bad',
      '5,c-3,p-3,created,',
      '6,c-4,p-4,created,',
    ])
  })

  it('stops sending after a transient failure; the rest stays pending (exit 7, resumable)', async () => {
    const journal = await openJournal()
    const sent: number[] = []
    const result = await runChunks({
      chunks: chunksOf(1000),
      send: async chunk => {
        sent.push(chunk.number)
        if (chunk.number === 2)
          return {kind: 'transient', rows: chunk.rows.map(() => ({status: 'unconfirmed'})), message: 'SERVER_ERROR'}
        return done(chunk)
      },
      idempotencyKey: String,
      journal,
      concurrency: 1,
      validRows: 1000,
    })
    expect(sent).toEqual([1, 2])
    expect(result).toMatchObject({stopped: 'transient', created: 100, pending: 900, problem: 'chunk 2: SERVER_ERROR'})
  })

  it('on Ctrl-C lets the chunks in flight finish, sends no more', async () => {
    const journal = await openJournal()
    const interrupt = new AbortController()
    const sent: number[] = []
    const result = await runChunks({
      chunks: chunksOf(1000),
      send: async chunk => {
        sent.push(chunk.number)
        if (chunk.number === 3) interrupt.abort()
        await new Promise(resolve => setImmediate(resolve))
        return done(chunk)
      },
      idempotencyKey: String,
      journal,
      concurrency: 2,
      validRows: 1000,
      signal: interrupt.signal,
    })
    expect(sent.length).toBeLessThanOrEqual(4)
    expect(result.stopped).toBe('interrupted')
    expect(result.created).toBe(sent.length * 100)
    expect(result.pending).toBe(1000 - sent.length * 100)
  })

  it('carries on after a rejected chunk and counts its rows as failed', async () => {
    const journal = await openJournal()
    const result = await runChunks({
      chunks: chunksOf(300),
      send: async chunk =>
        chunk.number === 2
          ? {kind: 'rejected', rows: chunk.rows.map(() => ({status: 'failed', error: 'no'})), message: 'no'}
          : done(chunk),
      idempotencyKey: String,
      journal,
      concurrency: 4,
      validRows: 300,
    })
    expect(result).toMatchObject({created: 200, failed: 100, chunksSent: 3, chunksFailed: 1})
    expect(result.stopped).toBeUndefined()
  })

  it('names the options that differ from the journal', () => {
    const base = {api: 'v2' as const, skipInvalid: false, decimalComma: false, encoding: 'utf8', delimiter: ','}
    expect(optionsDiffer(base, {...base})).toEqual([])
    expect(optionsDiffer(base, {...base, andThen: 'pay', delimiter: ';'})).toEqual(['delimiter', 'andThen'])
  })
})

describe('the senders against an HTTP server', () => {
  let server: FakeServer
  let client: PayoutClient

  beforeAll(async () => {
    server = await new FakeServer().start()
  })
  afterAll(() => server.stop())
  afterEach(async () => {
    server.requests.length = 0
    await client?.close()
  })
  const connect = () => {
    client = new PayoutClient({origin: server.origin, maxRetries: 1, retryBaseDelayMs: 1})
    return client
  }
  const chunk: Chunk<{customId: string; description: string; amount: string; currency: string}> = {
    number: 4,
    rows: [10, 11, 12].map(line => ({
      line,
      customId: `c-${line}`,
      item: {customId: `c-${line}`, description: 'x', amount: '1.00', currency: 'EUR'},
    })),
    skipped: [],
  }

  it('v2: one batch call with the derived key; a rejection names the CSV line of error.index', async () => {
    server.next(
      apiError(400, 'VALIDATION_ERROR', 'items.1.currency: unsupported currency CHF', {
        index: 1,
        details: [{path: 'items.1.currency', message: 'unsupported currency CHF'}],
      }),
    )
    const outcome = await v2Sender(connect())(chunk, 'key-4')
    expect(server.requests).toHaveLength(1)
    expect(server.requests[0].url).toBe('/api/v2/payouts/batch')
    expect(server.requests[0].headers['idempotency-key']).toBe('key-4')
    expect(JSON.parse(server.requests[0].body).items).toHaveLength(3)
    expect(outcome.kind).toBe('rejected')
    expect(outcome.message).toBe('line 11: VALIDATION_ERROR: items.1.currency: unsupported currency CHF')
    expect(outcome.rows.map(r => r.error)).toEqual([
      'not created: the service rejected the whole chunk because of line 11',
      'VALIDATION_ERROR: items.1.currency: unsupported currency CHF',
      'not created: the service rejected the whole chunk because of line 11',
    ])
  })

  it('v2: retries a dropped connection with the same key, then reports the ids', async () => {
    server.next(drop, (req, res) =>
      json(res, 200, {
        object: 'list',
        data: JSON.parse(req.body).items.map((_: unknown, i: number) => ({id: `payout_${i}`})),
      }),
    )
    const outcome = await v2Sender(connect())(chunk, 'key-4')
    expect(server.requests.map(r => r.headers['idempotency-key'])).toEqual(['key-4', 'key-4'])
    expect(outcome).toEqual({
      kind: 'done',
      rows: [0, 1, 2].map(i => ({status: 'created', payoutId: `payout_${i}`})),
    })
  })

  it('v2: a 5xx that outlives the retries is transient (unconfirmed rows); 403 is fatal', async () => {
    server.fallback = apiError(503, 'SERVER_ERROR', 'down')
    const transient = await v2Sender(connect())(chunk, 'k')
    expect(transient.kind).toBe('transient')
    expect(transient.fatal).toBeUndefined()
    expect(transient.rows.every(r => r.status === 'unconfirmed')).toBe(true)
    server.fallback = apiError(403, 'INSUFFICIENT_SCOPE', 'needs payouts:approve')
    const fatal = await v2Sender(connect())(chunk, 'k')
    expect(fatal.fatal).toBeDefined()
    server.fallback = (_req, res) => json(res, 200, {})
  })

  it('v1: one upsert per row, created or updated; a refused row fails alone', async () => {
    server.next(
      (_req, res) => json(res, 200, {id: 'u-1', action: 'created'}),
      apiError(409, 'INVALID_STATE', 'immutable'),
      (_req, res) => json(res, 200, {id: 'u-3', action: 'updated'}),
    )
    const v1chunk = {
      ...chunk,
      rows: chunk.rows.map(row => ({...row, item: {...row.item, payoutAmount: '1.00'}})),
    }
    const outcome = await v1Sender(connect())(v1chunk as never, 'unused')
    expect(server.requests.map(r => r.url)).toEqual(['/api/v1/payout', '/api/v1/payout', '/api/v1/payout'])
    expect(outcome.kind).toBe('rejected')
    expect(outcome.rows).toEqual([
      {status: 'created', payoutId: 'u-1'},
      {status: 'failed', error: 'INVALID_STATE: immutable'},
      {status: 'updated', payoutId: 'u-3'},
    ])
    expect(outcome.message).toBe('1 row failed, first line 11: INVALID_STATE: immutable')
  })
})

describe('progress', () => {
  const event = (chunk: number, outcome: ChunkOutcome | 'imported-earlier', created: number): ChunkEvent => ({
    chunk,
    firstLine: chunk * 100 - 98,
    lastLine: chunk * 100 + 1,
    rows: 100,
    outcome,
    counts: {...emptyCounts(), created, chunksSent: created / 100},
  })
  const created = (n: number): ChunkOutcome => ({
    kind: 'done',
    rows: Array.from({length: n}, () => ({status: 'created'})),
  })

  it('on a TTY: a spinner with rows done of total, chunks, rate and time left', async () => {
    const texts: string[] = []
    let stopped = false
    const out = {
      json: false,
      stderrIsTTY: true,
      canAnimate: true,
      spinner: async (text: string) => {
        texts.push(text)
        return {update: (next: string) => texts.push(next), stop: () => (stopped = true)}
      },
      info: () => {
        throw new Error('no lines on a TTY')
      },
    } as unknown as Output
    const progress = new ImportProgress(out, {rows: 1000, chunks: 10, label: 'f.csv'})
    await progress.start()
    progress.chunk(event(1, created(100), 100))
    progress.stop()
    expect(texts[0]).toBe('Importing f.csv: 0 of 1,000 rows')
    expect(texts[1]).toMatch(/^Importing f\.csv: 100 of 1,000 rows, chunk 1 of 10, [\d,]+ rows\/s(, about .+ left)?$/)
    expect(stopped).toBe(true)
  })

  it('without a TTY: one line per chunk sent, none for chunks of an earlier run', async () => {
    const lines: string[] = []
    const out = {
      json: false,
      stderrIsTTY: false,
      canAnimate: false,
      info: (line: string) => lines.push(line),
    } as unknown as Output
    const progress = new ImportProgress(out, {rows: 300, chunks: 3, label: 'f.csv'})
    await progress.start()
    progress.chunk(event(1, 'imported-earlier', 0))
    progress.chunk(event(2, created(100), 100))
    progress.chunk(
      event(
        3,
        {kind: 'rejected', rows: [{status: 'failed', error: 'x'}], message: 'line 250: VALIDATION_ERROR: bad'},
        100,
      ),
    )
    expect(lines).toEqual([
      'chunk 2/3, lines 102-201: 100 created (100/300 rows)',
      'chunk 3/3, lines 202-301: rejected, line 250: VALIDATION_ERROR: bad (100/300 rows)',
    ])
  })

  it('describes partial v1 chunks and unconfirmed ones', () => {
    const partial: ChunkOutcome = {
      kind: 'rejected',
      rows: [{status: 'created'}, {status: 'updated'}, {status: 'failed'}],
      message: '1 row failed, first line 4: INVALID_STATE: immutable',
    }
    expect(describeChunk(event(1, partial, 0))).toBe(
      '1 created, 1 updated, 1 failed; 1 row failed, first line 4: INVALID_STATE: immutable',
    )
    expect(describeChunk(event(1, {kind: 'transient', rows: [], message: 'NETWORK: reset'}, 0))).toBe(
      'not confirmed: NETWORK: reset (a re-run sends it again)',
    )
  })
})
