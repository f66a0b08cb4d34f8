import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http'
import type {AddressInfo} from 'node:net'
import {afterEach, beforeEach} from 'vitest'
import {isolatedHome} from './cli.js'

export interface RecordedRequest {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

export type Handler = (req: RecordedRequest, res: ServerResponse) => void

/**
 * A scriptable HTTP server on 127.0.0.1 for client tests: each request is recorded and answered by the next
 * queued handler (or the fallback).
 */
export class FakeServer {
  readonly requests: RecordedRequest[] = []
  private readonly queue: Handler[] = []
  private server?: Server
  fallback: Handler = (_req, res) => json(res, 200, {})

  get origin(): string {
    const address = this.server?.address() as AddressInfo
    return `http://127.0.0.1:${address.port}`
  }

  /** Queue handlers for the next requests, in order. */
  next(...handlers: Handler[]): this {
    this.queue.push(...handlers)
    return this
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', c => chunks.push(c))
      req.on('end', () => {
        const recorded = {
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }
        this.requests.push(recorded)
        const handler = this.queue.shift() ?? this.fallback
        handler(recorded, res)
      })
    })
    await new Promise<void>(resolve => this.server!.listen(0, '127.0.0.1', resolve))
    return this
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections()
    await new Promise<void>(resolve => this.server?.close(() => resolve()) ?? resolve())
  }
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, {'content-type': 'application/json', 'x-request-id': 'req_test', ...headers})
  res.end(JSON.stringify(body))
}

export const apiError =
  (status: number, code: string, message: string, extra: Record<string, unknown> = {}): Handler =>
  (_req, res) =>
    json(res, status, {error: {code, message, ...extra}})

/** Closes the socket without an answer, as a crashed proxy would. */
export const drop: Handler = (_req, res) => {
  res.socket?.destroy()
}

/**
 * A FakeServer and an isolated home for each test of the calling file (started before it, stopped after it), as
 * `useEmulator` gives an emulator.
 */
export function useFakeServer(): {readonly server: FakeServer; readonly home: ReturnType<typeof isolatedHome>} {
  let server: FakeServer | undefined
  let home: ReturnType<typeof isolatedHome> | undefined
  beforeEach(async () => {
    server = await new FakeServer().start()
    home = isolatedHome()
  })
  afterEach(async () => server?.stop())
  return {
    get server() {
      if (!server) throw new Error('useFakeServer: no test is running')
      return server
    },
    get home() {
      if (!home) throw new Error('useFakeServer: no test is running')
      return home
    },
  }
}
