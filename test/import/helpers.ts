import {type ChildProcessWithoutNullStreams, spawn} from 'node:child_process'
import {writeFileSync} from 'node:fs'
import {createServer, request as httpRequest, type Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import {join} from 'node:path'
import {request} from 'undici'
import {afterAll, beforeAll, beforeEach} from 'vitest'
import {type RunningEmulator, startEmulator} from '../../src/emulator/index.js'
import {readChunks} from '../../src/services/import/send/chunks.js'
import type {RowSchema} from '../../src/services/import/validate/import-schema.js'
import {v2Schema} from '../../src/services/import/validate/import-schema-v2.js'
import {validateFile} from '../../src/services/import/validate/validate-file.js'
import {BIN, isolatedHome} from '../helpers/cli.js'
import {runCommand} from '../helpers/run-command.js'

/** Helpers for the import's end-to-end tests against the emulator. */

export const V2_HEADER = 'customId,description,amount,currency,recipientEmail,tags'

/** A v2 CSV of `rows` payouts (customIds `<prefix>-1` …), with optional replacements of whole lines. */
export function writeCsv(
  path: string,
  rows: number,
  options: {prefix?: string; replace?: Record<number, string>} = {},
) {
  const prefix = options.prefix ?? 'imp'
  const lines = [V2_HEADER]
  for (let i = 1; i <= rows; i++)
    lines.push(options.replace?.[i] ?? `${prefix}-${i},Payout ${i},${(i % 9) + 1}.50,EUR,user${i}@example.com,march`)
  writeFileSync(path, `${lines.join('\n')}\n`)
  return Array.from({length: rows}, (_, i) => `${prefix}-${i + 1}`)
}

export async function control(url: string, method: string, path: string, body?: unknown) {
  const res = await request(`${url}${path}`, {
    method: method as 'GET',
    headers: body === undefined ? {} : {'content-type': 'application/json'},
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.body.text()
  if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${text}`)
  return text ? JSON.parse(text) : undefined
}

/** Every payout of the seeded team (v1 list, pages of 100), oldest first. */
export async function allPayouts(
  url: string,
  key: string,
): Promise<Array<{id: string; customId?: string; status: string}>> {
  const out: Array<{id: string; customId?: string; status: string}> = []
  for (let offset = 0; ; offset += 100) {
    const res = await request(`${url}/api/v1/payouts?offset=${offset}&limit=100&order_direction=asc`, {
      headers: {authorization: `Bearer ${key}`},
    })
    const page = (await res.body.json()) as Array<{id: string; customId?: string; status: string}>
    out.push(...page)
    if (page.length < 100) return out
  }
}

/**
 * A forwarding proxy that records every request (method and path) between the CLI and the emulator, so
 * that tests can count batch calls. A connection the emulator drops is dropped towards the client too.
 */
export class RecordingProxy {
  readonly requests: string[] = []
  private server?: Server

  constructor(private readonly target: string) {}

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`
  }

  count(method: string, path: string): number {
    return this.requests.filter(r => r === `${method} ${path}`).length
  }

  async start(): Promise<this> {
    const target = new URL(this.target)
    this.server = createServer((req, res) => {
      this.requests.push(`${req.method} ${req.url}`)
      const upstream = httpRequest(
        {host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers},
        answer => {
          res.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(res)
          answer.on('error', () => res.socket?.destroy())
        },
      )
      upstream.on('error', () => res.socket?.destroy())
      req.pipe(upstream)
    })
    await new Promise<void>(resolve => this.server!.listen(0, '127.0.0.1', resolve))
    return this
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections()
    await new Promise<void>(resolve => this.server?.close(() => resolve()) ?? resolve())
  }
}

/** A CLI run we can watch (stderr lines) and signal, unlike runCli. */
export class CliProcess {
  readonly child: ChildProcessWithoutNullStreams
  stdout = ''
  stderr = ''
  readonly exited: Promise<{code: number | null; signal: NodeJS.Signals | null}>
  private waiters: Array<{match: RegExp; resolve: () => void}> = []

  constructor(args: string[], env: Record<string, string>) {
    const merged: NodeJS.ProcessEnv = {...process.env, NO_COLOR: '1', ...env}
    for (const name of ['PAYCTL_API_KEY', 'PAYCTL_PROFILE']) if (!(name in env)) delete merged[name]
    this.child = spawn(process.execPath, [BIN, ...args], {env: merged, stdio: ['pipe', 'pipe', 'pipe']})
    this.child.stdin.end()
    this.child.stdout.setEncoding('utf8').on('data', d => {
      this.stdout += d
    })
    this.child.stderr.setEncoding('utf8').on('data', d => {
      this.stderr += d
      this.waiters = this.waiters.filter(waiter => {
        if (!waiter.match.test(this.stderr)) return true
        waiter.resolve()
        return false
      })
    })
    this.exited = new Promise(resolve => this.child.on('close', (code, signal) => resolve({code, signal})))
  }

  /** Resolves once stderr matches (rejects if the process ends first). */
  waitFor(match: RegExp): Promise<void> {
    if (match.test(this.stderr)) return Promise.resolve()
    return new Promise((resolve, reject) => {
      this.waiters.push({match, resolve})
      this.exited.then(() => reject(new Error(`exited before ${match}: ${this.stderr}`)))
    })
  }
}

/** Polls until `check` holds (a test fails by its own time-out otherwise; nothing here measures speed). */
export async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise(resolve => setTimeout(resolve, 25))
}

/** Every payout of the seeded team as the v2 list shows it (cursor pages of 100). */
export async function allPayoutsV2(
  url: string,
  key: string,
): Promise<Array<{id: string; customId?: string; status: string; amount: string; description: string}>> {
  const out: Array<{id: string; customId?: string; status: string; amount: string; description: string}> = []
  for (let cursor: string | undefined; ; ) {
    const query = cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''
    const res = await request(`${url}/api/v2/payouts?limit=100${query}`, {headers: {authorization: `Bearer ${key}`}})
    const page = (await res.body.json()) as {data: typeof out; hasMore: boolean; nextCursor?: string}
    out.push(...page.data)
    if (!page.hasMore || !page.nextCursor) return out
    cursor = page.nextCursor
  }
}

/** Both lists agree on the number of payouts (v1 and v2 show the same team). */
export async function countPayouts(url: string, key: string): Promise<number> {
  const [v1, v2] = await Promise.all([allPayouts(url, key), allPayoutsV2(url, key)])
  if (v1.length !== v2.length) throw new Error(`v1 lists ${v1.length} payouts, v2 ${v2.length}`)
  return v1.length
}

/** One emulator for the tests of a file: started before them, closed after them. */
export function sharedEmulator(): {readonly url: string} {
  let emulator: RunningEmulator | undefined
  beforeAll(async () => {
    emulator = await startEmulator({port: 0, dataFile: ':memory:'})
  })
  afterAll(async () => {
    await emulator?.close()
  })
  return {
    get url() {
      return emulator!.url
    },
  }
}

/**
 * Per test file, an emulator behind a RecordingProxy; per test, the emulator reset, the proxy's log emptied and a
 * fresh home whose `env` points payctl at the proxy.
 */
export function useRecordedEmulator() {
  const ctx = {} as {
    emulator: RunningEmulator
    proxy: RecordingProxy
    home: ReturnType<typeof isolatedHome>
    env: Record<string, string>
  }
  beforeAll(async () => {
    ctx.emulator = await startEmulator({port: 0, dataFile: ':memory:'})
    ctx.proxy = await new RecordingProxy(ctx.emulator.url).start()
  })
  afterAll(async () => {
    await ctx.proxy?.stop()
    await ctx.emulator?.close()
  })
  beforeEach(async () => {
    await control(ctx.emulator.url, 'POST', '/_emulator/reset')
    ctx.proxy.requests.length = 0
    ctx.home = isolatedHome()
    ctx.env = {...ctx.home.env, PAYCTL_ORIGIN: ctx.proxy.url}
  })
  return ctx
}

/** `payouts import FILE --json` of `lines`, in a home of its own (another computer, or a lost journal). */
export async function importInFreshHome(origin: string, lines: string[], ...flags: string[]) {
  const home = isolatedHome()
  const file = join(home.dir, 'payouts.csv')
  writeFileSync(file, `${lines.join('\n')}\n`)
  const result = await runCommand(['payouts', 'import', file, '--json', ...flags], {
    env: {...home.env, PAYCTL_ORIGIN: origin},
  })
  let summary: Record<string, unknown> | undefined
  try {
    summary = JSON.parse(result.stdout)
  } catch {
    summary = undefined
  }
  return {...result, summary}
}

/** The identity (customId, content) of every row of a valid v2 file, as the import derives them. */
export async function rowKeys(path: string): Promise<Array<{customId: string; content: string}>> {
  const schema = v2Schema as RowSchema<unknown>
  const validation = await validateFile({path, schema, schemaOptions: {decimalComma: false}, encoding: 'utf8'})
  if (validation.errors.length) throw new Error(JSON.stringify(validation.errors))
  const rows: Array<{customId: string; content: string}> = []
  for await (const chunk of readChunks({
    path,
    schema,
    schemaOptions: {decimalComma: false},
    encoding: validation.encoding,
    delimiter: validation.delimiter,
    invalidRows: validation.invalidRows,
    duplicateOf: validation.duplicateOf,
  }))
    for (const row of chunk.rows) rows.push({customId: row.customId, content: row.content})
  return rows
}
