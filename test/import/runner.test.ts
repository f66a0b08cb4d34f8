import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, afterEach, beforeAll, describe, expect, it, vi} from 'vitest'
import {describeChunk, ImportProgress} from '../../src/cli/output/import-progress.js'
import type {Output} from '../../src/cli/output/output.js'
import {PayoutClient} from '../../src/client/index.js'
import {Journal} from '../../src/services/import/plan/journal.js'
import type {Chunk} from '../../src/services/import/send/chunks.js'
import {ReportWriter} from '../../src/services/import/send/report.js'
import {type ChunkEvent, emptySendResult, runChunks} from '../../src/services/import/send/runner.js'
import type {ChunkOutcome} from '../../src/services/import/send/send.js'
import {v1Sender} from '../../src/services/import/send/send-v1.js'
import {v2Sender} from '../../src/services/import/send/send-v2.js'
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
        derived: false,
        content: `x-${start + i}`,
        action: 'create' as const,
        item: {n: start + i},
      })),
      skipped: (skipped[number] ?? []).map(line => ({line, error: 'bad'})),
      settled: [],
    }
  }
}

const header = {
  type: 'import' as const,
  version: 2 as const,
  file: 'f.csv',
  target: 't',
  origin: 'o',
  api: 'v2' as const,
  rowsDigest: '',
  startedAt: '',
}

async function openJournal(file = path('j.jsonl')): Promise<Journal> {
  const journal = await Journal.load(file)
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
      send: async (chunk, keyOf) => {
        keys.push(keyOf(chunk.rows))
        active++
        peak = Math.max(peak, active)
        await new Promise(resolve => setImmediate(resolve))
        active--
        return done(chunk)
      },
      keyOf: rows => `key-${rows[0].line}`,
      journal,
      concurrency: 3,
    })
    await journal.close()
    expect(peak).toBe(3)
    expect(keys.sort()).toEqual(Array.from({length: 10}, (_, i) => `key-${i * 100 + 2}`).sort())
    expect(result).toMatchObject({created: 1000, failed: 0, pending: 0, chunks: 10, chunksSent: 10})
    expect(result.stopped).toBeUndefined()
    const again = await Journal.load(journal.path)
    expect(again.rows.size).toBe(1000)
    expect(again.rows.get('c-200')).toMatchObject({payoutId: 'p-200', status: 'created', content: 'x-200', line: 202})
  })

  it('counts the rows the journal settled, and reports every row in file order', async () => {
    const journalFile = path('j.jsonl')
    writeFileSync(
      journalFile,
      `${JSON.stringify(header)}\n${JSON.stringify({type: 'rows', rows: [['c-0', 'x-0', 2, 'old-0', 'created', null, null, 0]]})}\n{"type":"rows","ro`,
    )
    const journal = await openJournal(journalFile)
    expect([...journal.rows.keys()]).toEqual(['c-0'])
    const reportFile = path('report.csv')
    const report = await ReportWriter.open(reportFile)
    async function* chunks(): AsyncGenerator<Chunk<{n: number}>> {
      const row = (n: number) => ({
        line: n + 2,
        customId: `c-${n}`,
        derived: false,
        content: `x-${n}`,
        action: 'create' as const,
        item: {n},
      })
      yield {
        number: 1,
        rows: [row(2)],
        skipped: [],
        settled: [
          {line: 2, customId: 'c-0', payoutId: 'old-0', status: 'unchanged'},
          {line: 3, customId: 'c-1', payoutId: 'old-1', status: 'conflict', error: 'p is completed'},
        ],
      }
      yield {number: 2, rows: [row(3), row(4)], skipped: [{line: 5, error: 'bad'}], settled: []}
    }
    const sent: number[] = []
    const result = await runChunks({
      chunks: chunks(),
      send: async chunk => {
        sent.push(chunk.number)
        // Finish out of order: the report must still follow the file.
        if (chunk.number === 1) await new Promise(resolve => setTimeout(resolve, 20))
        return done(chunk)
      },
      keyOf: () => 'k',
      journal,
      concurrency: 2,
      report,
    })
    await report.close()
    await journal.close()
    expect(sent.sort()).toEqual([1, 2])
    expect(result).toMatchObject({created: 3, unchanged: 1, conflictsEarlier: 1, chunksSent: 2})
    expect(result.problems).toEqual([
      {line: 3, customId: 'c-1', payoutId: 'old-1', status: 'conflict', error: 'p is completed (reported earlier)'},
    ])
    expect(readFileSync(reportFile, 'utf8').trim().split('\n')).toEqual([
      'line,customId,payoutId,status,error',
      '2,c-0,old-0,unchanged,',
      '3,c-1,old-1,conflict,p is completed (reported earlier)',
      '4,c-2,p-2,created,',
      '5,c-3,p-3,created,',
      '5,,,invalid,bad',
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
      keyOf: () => 'k',
      journal,
      concurrency: 1,
    })
    expect(sent).toEqual([1, 2])
    expect(result).toMatchObject({stopped: 'transient', created: 100, problem: 'chunk 2: SERVER_ERROR'})
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
      keyOf: () => 'k',
      journal,
      concurrency: 2,
      signal: interrupt.signal,
    })
    expect(sent.length).toBeLessThanOrEqual(4)
    expect(result.stopped).toBe('interrupted')
    expect(result.created).toBe(sent.length * 100)
  })

  it('carries on after a rejected chunk and counts its rows as failed', async () => {
    const journal = await openJournal()
    const result = await runChunks({
      chunks: chunksOf(300),
      send: async chunk =>
        chunk.number === 2
          ? {kind: 'rejected', rows: chunk.rows.map(() => ({status: 'failed', error: 'no'})), message: 'no'}
          : done(chunk),
      keyOf: () => 'k',
      journal,
      concurrency: 4,
    })
    expect(result).toMatchObject({created: 200, failed: 100, chunksSent: 3, chunksFailed: 1})
    expect(result.stopped).toBeUndefined()
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
      derived: false,
      content: 'x',
      action: 'create' as const,
      item: {customId: `c-${line}`, description: 'x', amount: '1.00', currency: 'EUR'},
    })),
    skipped: [],
    settled: [],
  }

  it('v2: one batch call with the derived key; a row refused by error.index fails alone, the rest go again under their own key', async () => {
    server.next(
      apiError(400, 'VALIDATION_ERROR', 'items.1.currency: unsupported currency CHF', {
        index: 1,
        details: [{path: 'items.1.currency', message: 'unsupported currency CHF'}],
      }),
      (req, res) =>
        json(res, 200, {
          object: 'list',
          data: JSON.parse(req.body).items.map((item: {customId: string}) => ({id: `payout_${item.customId}`})),
        }),
    )
    const keyOf = (rows: {line: number}[]) => `key-${rows.map(row => row.line).join('-')}`
    const outcome = await v2Sender(connect())(chunk, keyOf)
    expect(server.requests.map(r => r.url)).toEqual(['/api/v2/payouts/batch', '/api/v2/payouts/batch'])
    expect(server.requests.map(r => r.headers['idempotency-key'])).toEqual(['key-10-11-12', 'key-10-12'])
    expect(JSON.parse(server.requests[0].body).items).toHaveLength(3)
    expect(JSON.parse(server.requests[1].body).items.map((i: {customId: string}) => i.customId)).toEqual([
      'c-10',
      'c-12',
    ])
    expect(outcome.kind).toBe('rejected')
    expect(outcome.message).toBe('line 11: VALIDATION_ERROR: items.1.currency: unsupported currency CHF')
    expect(outcome.rows).toEqual([
      {status: 'created', payoutId: 'payout_c-10'},
      {status: 'failed', error: 'VALIDATION_ERROR: items.1.currency: unsupported currency CHF'},
      {status: 'created', payoutId: 'payout_c-12'},
    ])
  })

  it('v2: a 409 with code CONFLICT, other words and data.id is settled by looking each customId up', async () => {
    const payout = (line: number, amount: string) => ({
      object: 'payout',
      id: `payout_${line}`,
      customId: `c-${line}`,
      status: 'created',
      description: 'x',
      amount,
      currency: 'EUR',
    })
    server.next(apiError(409, 'CONFLICT', 'Duplicate reference', {data: {id: 'payout_10'}}))
    const fallback = server.fallback
    // The look-ups run concurrently: answered by the customId they name.
    server.fallback = (req, res) => {
      const line = Number(req.url.split('c-')[1])
      json(res, 200, payout(line, line === 11 ? '2.00' : '1.00'))
    }
    const outcome = await v2Sender(connect())(chunk, () => 'key-4').finally(() => {
      server.fallback = fallback
    })
    expect(server.requests.map(r => r.method)).toEqual(['POST', 'GET', 'GET', 'GET'])
    expect(outcome.rows).toEqual([
      {status: 'present', payoutId: 'payout_10'},
      {
        status: 'conflict',
        payoutId: 'payout_11',
        error: `the service holds payout_11 (created) under this customId with other values: amount: ours "1.00", the service's "2.00"`,
      },
      {status: 'present', payoutId: 'payout_12'},
    ])
  })

  it('v2: retries a dropped connection with the same key, then reports the ids', async () => {
    server.next(drop, (req, res) =>
      json(res, 200, {
        object: 'list',
        data: JSON.parse(req.body).items.map((_: unknown, i: number) => ({id: `payout_${i}`})),
      }),
    )
    const outcome = await v2Sender(connect())(chunk, () => 'key-4')
    expect(server.requests.map(r => r.headers['idempotency-key'])).toEqual(['key-4', 'key-4'])
    expect(outcome).toEqual({
      kind: 'done',
      rows: [0, 1, 2].map(i => ({status: 'created', payoutId: `payout_${i}`})),
    })
  })

  it('v2: a 5xx that outlives the retries is transient (unconfirmed rows); 403 is fatal', async () => {
    server.fallback = apiError(503, 'SERVER_ERROR', 'down')
    const transient = await v2Sender(connect())(chunk, () => 'k')
    expect(transient.kind).toBe('transient')
    expect(transient.fatal).toBeUndefined()
    expect(transient.rows.every(r => r.status === 'unconfirmed')).toBe(true)
    server.fallback = apiError(403, 'INSUFFICIENT_SCOPE', 'needs payouts:approve')
    const fatal = await v2Sender(connect())(chunk, () => 'k')
    expect(fatal.fatal).toBeDefined()
    server.fallback = (_req, res) => json(res, 200, {})
  })

  it('v1: one upsert per row, created or updated; a refused row fails alone (a 409 is looked up first)', async () => {
    server.next(
      (_req, res) => json(res, 200, {id: 'u-1', action: 'created'}),
      apiError(409, 'INVALID_STATE', 'immutable'),
      apiError(404, 'NOT_FOUND', 'no payout with this customId'),
      (_req, res) => json(res, 200, {id: 'u-3', action: 'updated'}),
    )
    const v1chunk = {
      ...chunk,
      rows: chunk.rows.map(row => ({...row, item: {...row.item, payoutAmount: '1.00'}})),
    }
    const outcome = await v1Sender(connect())(v1chunk as never, () => 'unused')
    expect(server.requests.map(r => `${r.method} ${r.url.split('/').slice(0, 4).join('/')}`)).toEqual([
      'POST /api/v1/payout',
      'POST /api/v1/payout',
      'GET /api/v1/payout',
      'POST /api/v1/payout',
    ])
    expect(outcome.kind).toBe('rejected')
    expect(outcome.rows).toEqual([
      {status: 'created', payoutId: 'u-1'},
      {status: 'failed', error: 'INVALID_STATE: immutable'},
      {status: 'updated', payoutId: 'u-3'},
    ])
    expect(outcome.message).toBe('line 11: INVALID_STATE: immutable')
  })
})

describe('progress', () => {
  const event = (chunk: number, outcome: ChunkOutcome, created: number): ChunkEvent => ({
    chunk,
    firstLine: chunk * 100 - 98,
    lastLine: chunk * 100 + 1,
    rows: 100,
    outcome,
    counts: {...emptySendResult(), created, chunksSent: created / 100},
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
      canAnimate: true,
      spinner: async (text: string) => {
        texts.push(text)
        return {update: (next: string) => texts.push(next), stop: () => (stopped = true)}
      },
      info: () => {
        throw new Error('no lines on a TTY')
      },
    } as unknown as Output
    const progress = new ImportProgress(out, {rows: 1000, label: 'f.csv'})
    await progress.start()
    progress.chunk(event(1, created(100), 100))
    progress.stop()
    expect(texts[0]).toBe('Importing f.csv: 0 of 1,000 rows')
    expect(texts[1]).toMatch(/^Importing f\.csv: 100 of 1,000 rows, 1 chunks sent, [\d,]+ rows\/s(, about .+ left)?$/)
    expect(stopped).toBe(true)
  })

  it('without a TTY: a line only once 10% of the rows and 10 seconds have passed since the last; a chunk left unconfirmed always', async () => {
    vi.useFakeTimers({toFake: ['Date']})
    try {
      const lines: string[] = []
      const out = {json: false, canAnimate: false, info: (line: string) => lines.push(line)} as unknown as Output
      const progress = new ImportProgress(out, {rows: 1000, label: 'f.csv'})
      await progress.start()
      vi.advanceTimersByTime(60_000)
      progress.chunk(event(1, created(100), 100))
      progress.chunk(event(2, created(100), 200))
      vi.advanceTimersByTime(9_000)
      progress.chunk(event(3, created(100), 300))
      vi.advanceTimersByTime(1_000)
      progress.chunk(
        event(
          4,
          {kind: 'rejected', rows: [{status: 'failed', error: 'x'}], message: 'line 350: VALIDATION_ERROR: bad'},
          400,
        ),
      )
      progress.chunk(event(5, {kind: 'transient', rows: [], message: 'SERVICE_UNAVAILABLE'}, 400))
      expect(lines).toEqual([
        'chunk 1, lines 2-101: 100 created (100/1,000 rows)',
        'chunk 4, lines 302-401: 1 failed; line 350: VALIDATION_ERROR: bad (400/1,000 rows)',
        'chunk 5, lines 402-501: not confirmed: SERVICE_UNAVAILABLE (a re-run sends it again)',
      ])
    } finally {
      vi.useRealTimers()
    }
  })

  it('describes partial v1 chunks and unconfirmed ones', () => {
    const partial: ChunkOutcome = {
      kind: 'rejected',
      rows: [{status: 'created'}, {status: 'updated'}, {status: 'failed'}],
      message: 'line 4: INVALID_STATE: immutable',
    }
    expect(describeChunk(event(1, partial, 0))).toBe('1 created, 1 updated, 1 failed; line 4: INVALID_STATE: immutable')
    expect(describeChunk(event(1, {kind: 'transient', rows: [], message: 'NETWORK: reset'}, 0))).toBe(
      'not confirmed: NETWORK: reset (a re-run sends it again)',
    )
  })
})
