import type {ServerResponse} from 'node:http'
import {type Handler, json} from './fake-server.js'

/**
 * Answers of a misbehaving service (or a proxy, or an attacker on the path), as FakeServer handlers. Each counts
 * what it sent in `sent`, so a test can tell how much a client read before it gave up.
 */
export interface HostileAnswers {
  /** A 200 JSON body that never ends: 64 KiB chunks as fast as the client reads them. */
  endless: Handler
  /** A 200 JSON body trickled one byte every `everyMs`, forever. */
  trickle(everyMs: number): Handler
  /** Bytes of body sent so far, over every answer. */
  readonly sent: number
  /** Requests answered so far. */
  readonly answered: number
}

export function hostileAnswers(): HostileAnswers {
  let sent = 0
  let answered = 0
  const start = (res: ServerResponse) => {
    answered++
    res.writeHead(200, {'content-type': 'application/json'})
    res.write('{"data":[')
    sent += 9
  }
  return {
    endless: (_req, res) => {
      start(res)
      const chunk = Buffer.alloc(64 * 1024, ' ')
      const pump = () => {
        while (!res.destroyed && res.write(chunk)) sent += chunk.length
        if (!res.destroyed) res.once('drain', pump)
      }
      res.on('close', () => res.off('drain', pump))
      pump()
    },
    trickle: everyMs => (_req, res) => {
      start(res)
      const timer = setInterval(() => {
        if (res.destroyed) return clearInterval(timer)
        res.write(' ')
        sent++
      }, everyMs)
      res.on('close', () => clearInterval(timer))
    },
    get sent() {
      return sent
    },
    get answered() {
      return answered
    },
  }
}

/** A v2 list page that always hands back the same `nextCursor`. */
export const sameCursorPage =
  (item: (n: number) => unknown, cursor = 'cursor-forever'): Handler =>
  (req, res) => {
    const n = Number(new URL(req.url, 'http://x').searchParams.get('cursor') === cursor) + 1
    json(res, 200, {object: 'list', data: [item(n)], hasMore: true, nextCursor: cursor})
  }

/** A v1 list that ignores the offset: every page is the same full page. */
export const sameV1Page =
  (item: (n: number) => unknown): Handler =>
  (req, res) => {
    const limit = Number(new URL(req.url, 'http://x').searchParams.get('limit') ?? 100)
    json(
      res,
      200,
      Array.from({length: limit}, (_, i) => item(i + 1)),
    )
  }

/** A v2 list whose pages come with fresh cursors, and whose page number `stallAt` stops half-sent, for good. */
export interface StallingList {
  handler: Handler
  /** Pages answered whole so far. */
  readonly answered: number
  /** Requests held half-answered so far. */
  readonly stalled: number
}

export function stallingList(item: (n: number) => unknown, stallAt: number, pageSize = 2): StallingList {
  let answered = 0
  let stalled = 0
  return {
    handler: (req, res) => {
      const page = Number(new URL(req.url, 'http://x').searchParams.get('cursor') ?? 0)
      if (page + 1 === stallAt) {
        stalled++
        res.writeHead(200, {'content-type': 'application/json'})
        res.write(`{"object":"list","data":[${JSON.stringify(item(page * pageSize))},`)
        return
      }
      answered++
      const data = Array.from({length: pageSize}, (_, i) => item(page * pageSize + i))
      json(res, 200, {object: 'list', data, hasMore: true, nextCursor: String(page + 1)})
    },
    get answered() {
      return answered
    },
    get stalled() {
      return stalled
    },
  }
}

/** A v2 list that answers every page with one item and a fresh cursor, until `end` pages (then the list ends). */
export const freshCursors =
  (item: (n: number) => unknown, end: number, everyMs = 0): Handler =>
  (req, res) => {
    const page = Number(new URL(req.url, 'http://x').searchParams.get('cursor')?.replace('fresh-', '') ?? 0)
    const more = page + 1 < end
    setTimeout(
      () =>
        json(res, 200, {
          object: 'list',
          data: [item(page)],
          hasMore: more,
          nextCursor: more ? `fresh-${page + 1}` : null,
        }),
      everyMs,
    )
  }

/** A 200 whose headers pass Node's 16 KiB limit (a proxy or a server gone wrong). */
export const hugeHeaders: Handler = (_req, res) => {
  res.writeHead(200, {'content-type': 'application/json', 'x-padding': 'x'.repeat(64 * 1024)})
  res.end('{}')
}
