import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest'
import {isolatedHome, runCli} from '../helpers/cli.js'
import {FakeServer, json} from '../helpers/fake-server.js'
import {runCommand} from '../helpers/run-command.js'
import {type McpSession, startMcp} from '../mcp/mcp-client.js'

/**
 * A server (or a proxy) that echoes the key in other spellings: base64 of `Bearer <key>`, base64 of the key at
 * another alignment and URL-safe, URL-encoded, and in two pieces. None of them reaches stderr, --debug, `api`
 * output, an MCP answer or the audit log.
 */

const KEY = 'sk_live_0123456789abcdef+SECRET/ghijklmnop'
const b64 = (text: string, encoding: BufferEncoding = 'base64') => Buffer.from(text).toString(encoding)
const SPELLINGS = [
  b64(`Bearer ${KEY}`),
  b64(`xy${KEY}`),
  b64(`z${KEY}`, 'base64url'),
  encodeURIComponent(KEY),
  encodeURIComponent(b64(KEY)),
]
/** The key in two pieces of 20 and 21 characters, as a server that wraps long values would echo it. */
const PIECES = `${KEY.slice(0, 20)} ${KEY.slice(20)}`
const ECHO = `${SPELLINGS.join(' | ')} | ${PIECES}`

/** What must never be printed: each spelling, and what identifies the key in the pieces. */
const LEAKS = [...SPELLINGS, KEY.slice(0, 20), KEY.slice(20)]
const expectNoLeak = (text: string) => {
  for (const leak of LEAKS) expect(text, `${leak} in:\n${text}`).not.toContain(leak)
}

describe('secrets in other spellings never reach the user or the agent', {timeout: 120_000}, () => {
  const server = new FakeServer()
  beforeAll(async () => {
    server.fallback = (req, res) =>
      req.url.startsWith('/api/v2/transactions')
        ? json(res, 200, {object: 'list', data: [{id: 'transaction_1', note: ECHO}], hasMore: false, nextCursor: null})
        : json(res, 400, {error: {code: 'VALIDATION_ERROR', message: `bad credentials: ${ECHO}`}})
    await server.start()
  })
  afterAll(() => server.stop())
  let session: McpSession | undefined
  afterEach(async () => {
    await session?.close()
    session = undefined
  })

  const env = (): Record<string, string> => ({...isolatedHome().env, PAYCTL_ORIGIN: server.origin, PAYCTL_API_KEY: KEY})

  it('stderr and --debug of a failed command', async () => {
    const result = await runCli(['payouts', 'list', '--debug'], {env: env()})
    expect(result.code, result.stderr).toBe(6)
    expectNoLeak(result.stderr + result.stdout)
    expect(result.stderr).toMatch(/^Error: VALIDATION_ERROR: bad credentials: \S*\[redacted\]/m)
  })

  it('the body `api` prints, and its --paginate lines', async () => {
    for (const extra of [[], ['--paginate']]) {
      const result = await runCli(['api', 'GET', '/api/v2/transactions', ...extra], {env: env()})
      expect(result.code, result.stderr).toBe(0)
      expectNoLeak(result.stdout + result.stderr)
      expect(result.stdout).toContain('[redacted]')
    }
  })

  it('an MCP answer and the audit log, also when the agent passes a spelling on', async () => {
    const home = env()
    session = await startMcp([], home)
    const answer = await session.call('payouts_list', {})
    expect(answer.isError).toBe(true)
    expectNoLeak(JSON.stringify(answer))
    await session.call('payouts_get', {id: [SPELLINGS[0], SPELLINGS[3]]})
    expectNoLeak(readFileSync(join(home.PAYCTL_DATA_DIR, 'mcp-audit.jsonl'), 'utf8'))
  })
})

/**
 * Issue 54, item 6: a successful answer that holds the key escaped (JSON `\u`, some characters only or all, `\/`),
 * in upper case, as HTML entities or fully percent-encoded, in the body or a header. Whatever prints it decoded
 * (--json, the plain view, --debug, `api -i`) prints [redacted].
 */
describe('secrets escaped in a successful answer never reach the user', {timeout: 120_000}, () => {
  const hex = (char: string, width: number) => char.charCodeAt(0).toString(16).padStart(width, '0')
  const ESCAPED = [
    [...KEY].map(char => `\\u${hex(char, 4)}`).join(''),
    [...KEY].map((char, i) => (i % 3 ? char : `\\u${hex(char, 4).toUpperCase()}`)).join(''),
    KEY.replace('/', '\\/'),
    KEY.toUpperCase(),
    [...KEY].map(char => `&#${char.charCodeAt(0)};`).join(''),
    [...KEY]
      .map((char, i) => (i % 2 ? `&#x${hex(char, 2)};` : char))
      .join('')
      .replace('_', '&lowbar;'),
    [...KEY].map(char => `%${hex(char, 2).toUpperCase()}`).join(''),
  ]
  /** The answer as raw JSON text, so that the escapes stay escapes until payctl parses it. */
  const body = JSON.stringify({object: 'team', id: 'team_1', name: 'NAME', kybStatus: 'verified'}).replace(
    'NAME',
    ESCAPED.join(' | '),
  )
  const server = new FakeServer()
  beforeAll(async () => {
    server.fallback = (_req, res) => {
      res.writeHead(200, {'content-type': 'application/json', 'x-echo': ESCAPED.at(-1)!, 'x-upper': KEY.toUpperCase()})
      res.end(body)
    }
    await server.start()
  })
  afterAll(() => server.stop())

  const env = (): Record<string, string> => ({...isolatedHome().env, PAYCTL_ORIGIN: server.origin, PAYCTL_API_KEY: KEY})
  const decoded = (text: string) => {
    let out = text.toLowerCase()
    for (let pass = 0; pass < 2; pass++)
      out = out
        .replace(/\\u([0-9a-f]{4})/g, (_, code: string) => String.fromCharCode(Number.parseInt(code, 16)))
        .replace(/&#x([0-9a-f]+);/g, (_, code: string) => String.fromCharCode(Number.parseInt(code, 16)))
        .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
        .replace(/&lowbar;/g, '_')
        .replace(/\\\//g, '/')
        .replace(/%([0-9a-f]{2})/g, (_, code: string) => String.fromCharCode(Number.parseInt(code, 16)))
    return out
  }

  it.each([
    [['team', 'get', '--json']],
    [['team', 'get']],
    [['team', 'get', '--debug']],
    [['api', '-i', 'GET', '/api/v2/team']],
    [['api', '-i', 'GET', '/api/v2/team', '--debug']],
  ])('%j prints [redacted], never the key in any case or escape', async args => {
    const result = await runCommand(args, {env: env()})
    expect(result.code, result.stderr).toBe(0)
    const printed = result.stdout + result.stderr
    expect(decoded(printed)).not.toContain(KEY.toLowerCase())
    expect(decoded(printed)).not.toMatch(/0123456789abcdef|ghijklmnop/)
    expect(printed).toContain('[redacted]')
  })
})
