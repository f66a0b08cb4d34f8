import fc from 'fast-check'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {isolatedHome, runCli} from '../helpers/cli.js'
import {FakeServer, type Handler, json} from '../helpers/fake-server.js'
import {freshCursors, hostileAnswers, hugeHeaders, sameCursorPage} from '../helpers/hostile-server.js'

/**
 * The hostile-server class of the fuzz suites: fast-check picks a misbehaving answer (an oversized or trickled
 * body, a repeated cursor, an endless stream of fresh cursors, invalid JSON, a wrong content type, a huge header, a
 * truncated body, the caller's secret echoed in an error, as is or in other spellings) and a command; the built CLI
 * runs against it on 127.0.0.1. Asserted for every case: the documented exit code, one `Error:` line, no secret in
 * any spelling on stdout or stderr, no word of the emulator (the origin is not one), and a bounded peak RSS
 * (/usr/bin/time). A few cases in `npm test`; HOSTILE_FUZZ_RUNS=N runs more.
 */

const RUNS = Number(process.env.HOSTILE_FUZZ_RUNS ?? 3)
const KEY = 'sk_test_fuzzsecret0123456789abcdef'
const RSS_LIMIT_KB = 400 * 1024
const CAP = 1024 * 1024

/** A secret's other spellings a server may echo: base64 (any alignment, URL-safe), URL-encoded, in two pieces. */
const SPELLINGS = [
  (authorization: string) => Buffer.from(authorization).toString('base64'),
  (authorization: string) => Buffer.from(`x${authorization.slice(7)}`).toString('base64url'),
  (authorization: string) => encodeURIComponent(Buffer.from(authorization.slice(7)).toString('base64')),
  (authorization: string) => `${authorization.slice(7, 24)} ${authorization.slice(24)}`,
]
const LEAKS = [KEY.slice(0, 17), KEY.slice(17), ...SPELLINGS.slice(0, 3).map(spell => spell(`Bearer ${KEY}`))]

const transaction = (n: number) => ({id: `transaction_${n}`, type: 'deposit', amount: '1.00', currency: 'EUR'})

type Kind =
  | 'oversized'
  | 'trickle'
  | 'repeated cursor'
  | 'endless cursors'
  | 'invalid json'
  | 'wrong content type'
  | 'huge header'
  | 'truncated'
  | 'secret echoed'
  | 'secret encoded'

/**
 * Each kind: the answer, the command it is given to, and the exit code docs/scripting.md names for it (7: a body
 * payctl refuses, BAD_ANSWER, or a network failure or time-out; 1: a body of the wrong shape, BAD_RESPONSE).
 */
const CASES: Record<Kind, {answer: () => Handler; args: string[]; code: number}> = {
  oversized: {answer: () => hostileAnswers().endless, args: ['team', 'get'], code: 7},
  trickle: {
    answer: () => hostileAnswers().trickle(50),
    args: ['payouts', 'wait', 'payout_0b8f5f0e-6a0e-4c5e-9b8a-6d1f2f0f3a11', '--timeout', '1s'],
    code: 7,
  },
  'repeated cursor': {
    answer: () => sameCursorPage(transaction),
    args: ['transactions', 'list', '--all', '-o', 'jsonl'],
    code: 7,
  },
  'endless cursors': {
    answer: () => freshCursors(transaction, Number.POSITIVE_INFINITY),
    args: ['transactions', 'list', '--all', '-o', 'jsonl'],
    code: 7,
  },
  'invalid json': {
    answer: () => (_req, res) => {
      res.writeHead(200, {'content-type': 'application/json'})
      res.end('{"object":"team","id":')
    },
    args: ['team', 'get'],
    code: 1,
  },
  'wrong content type': {
    answer: () => (_req, res) => {
      res.writeHead(200, {'content-type': 'text/html'})
      res.end('<html><body>Login to the corporate proxy</body></html>')
    },
    args: ['team', 'get'],
    code: 1,
  },
  'huge header': {answer: () => hugeHeaders, args: ['team', 'get'], code: 7},
  truncated: {
    answer: () => (_req, res) => {
      res.writeHead(200, {'content-type': 'application/json', 'content-length': '4096'})
      res.write('{"object":"team","id":"team_')
      res.socket?.destroy()
    },
    args: ['team', 'get'],
    code: 7,
  },
  'secret echoed': {
    answer: () => (req, res) =>
      json(res, 400, {
        error: {
          code: 'VALIDATION_ERROR',
          message: `bad request with ${req.headers.authorization} (key ${KEY})`,
          data: {authorization: req.headers.authorization},
        },
      }),
    args: ['team', 'get'],
    code: 6,
  },
  'secret encoded': {
    answer: () => (req, res) =>
      json(res, 400, {
        error: {
          code: 'VALIDATION_ERROR',
          message: `bad request ${SPELLINGS.map(spell => spell(String(req.headers.authorization))).join(' ')}`,
        },
      }),
    args: ['payouts', 'list', '--debug'],
    code: 6,
  },
}

interface Run {
  code: number | null
  stdout: string
  stderr: string
  maxRssKb: number
}

/** The built CLI under /usr/bin/time, which adds its peak RSS as the last line of stderr. */
async function runMeasured(args: string[], env: Record<string, string>): Promise<Run> {
  const {code, stdout, stderr} = await runCli(args, {
    env,
    timeoutMs: 30_000,
    prefix: ['/usr/bin/time', '-f', 'maxrss-kb=%M'],
  })
  const rss = /maxrss-kb=(\d+)\n?$/.exec(stderr)
  return {
    code,
    stdout,
    stderr: rss ? stderr.slice(0, rss.index) : stderr,
    maxRssKb: rss ? Number(rss[1]) : Number.NaN,
  }
}

let server: FakeServer
beforeAll(async () => {
  server = await new FakeServer().start()
})
afterAll(async () => server.stop())

const ranCases: Kind[] = []
let peakRssKb = 0

describe('the hostile-server class', () => {
  it(
    'every misbehaving answer ends with its exit code, one error line, no secret echoed, a bounded RSS',
    async () => {
      const home = isolatedHome()
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...(Object.keys(CASES) as Kind[])), async kind => {
          const {answer, args, code} = CASES[kind]
          server.fallback = answer()
          const run = await runMeasured(args, {
            ...home.env,
            PAYCTL_ORIGIN: server.origin,
            PAYCTL_API_KEY: KEY,
            PAYCTL_MAX_RESPONSE_BYTES: String(CAP),
            PAYCTL_MAX_PAGES: '50',
          })
          ranCases.push(kind)
          peakRssKb = Math.max(peakRssKb, run.maxRssKb)
          expect(run.code, `${kind}: ${run.stderr}`).toBe(code)
          expect(
            run.stderr.split('\n').filter(line => line.startsWith('Error:')),
            `${kind}: ${run.stderr}`,
          ).toHaveLength(1)
          for (const leak of [KEY, 'fuzzsecret', ...LEAKS])
            expect(`${run.stdout}${run.stderr}`, kind).not.toContain(leak)
          expect(run.stderr, kind).not.toMatch(/emulator/)
          expect(run.maxRssKb, kind).toBeLessThan(RSS_LIMIT_KB)
        }),
        {numRuns: RUNS},
      )
      process.stderr.write(
        `hostile-server fuzz: ${ranCases.length} cases (${[...new Set(ranCases)].join(', ')}), peak RSS ${peakRssKb} KiB\n`,
      )
    },
    RUNS * 30_000,
  )
})
