import {existsSync} from 'node:fs'
import {join} from 'node:path'
import fc from 'fast-check'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {isolatedHome, runCli} from '../helpers/cli.js'
import {FakeServer, json} from '../helpers/fake-server.js'

/**
 * The signal class of the fuzz suites: fast-check picks a run (`transactions list --all`, `payouts wait`, the
 * `--since-state` run of `transactions list`, `api --paginate`), a signal (SIGINT, SIGTERM), the request it comes
 * at and how that request stalls (the server holds it unanswered, or sends its headers and half a page and then
 * nothing), so the moment is exact, not timed. Asserted for every case: exit 130 (143 after SIGTERM), one
 * `Error: INTERRUPTED` line, and nothing half-done: every line on stdout is a whole JSON document, each page that
 * was answered is printed whole and once, the resume hint names the cursor of the page that was not, and no state
 * file is written. A few cases in `npm test`; SIGNAL_FUZZ_RUNS=N runs more.
 */

const RUNS = Number(process.env.SIGNAL_FUZZ_RUNS ?? 3)
const PAGE = 2
const PAYOUT = 'payout_0b8f5f0e-6a0e-4c5e-9b8a-6d1f2f0f3a11'

let server: FakeServer
let held = 0
let answered = 0
let holdAt = 1
let halfSent = false

beforeAll(async () => {
  server = await new FakeServer().start()
  server.fallback = (req, res) => {
    if (answered + 1 === holdAt) {
      held++
      if (halfSent) {
        res.writeHead(200, {'content-type': 'application/json'})
        res.write('{"object":"list","data":[{"object":"transaction","id":"transaction_half"')
      }
      return
    }
    answered++
    if (req.url.startsWith('/api/v2/transactions')) {
      const page = Number(new URL(req.url, 'http://x').searchParams.get('cursor') ?? 0)
      const data = Array.from({length: PAGE}, (_, i) => ({
        object: 'transaction',
        id: `transaction_${page * PAGE + i}`,
        type: 'deposit',
        status: 'completed',
        direction: 'in',
        amount: '1.00',
        currency: 'EUR',
        createdAt: '2026-11-20T10:00:00.000Z',
      }))
      json(res, 200, {object: 'list', data, hasMore: true, nextCursor: String(page + 1)})
    } else json(res, 503, {error: {code: 'UNAVAILABLE', message: 'try later'}}, {'retry-after': '1'})
  }
})
afterAll(async () => server.stop())

const RUNS_OF: Record<string, (state: string) => string[]> = {
  list: () => ['transactions', 'list', '--all', '-o', 'jsonl'],
  wait: () => ['payouts', 'wait', PAYOUT, '--timeout', '60s'],
  since: state => ['transactions', 'list', '--since-state', state, '-o', 'jsonl'],
  api: () => ['api', 'GET', '/api/v2/transactions', '--paginate'],
}

/** What was printed: each page answered before the held one, whole and once, and where to continue. */
function expectWholePages(run: string, stdout: string, stderr: string, context: string): void {
  const ids = stdout
    .split('\n')
    .filter(Boolean)
    .map(line => JSON.parse(line).id)
  const pages = run === 'wait' ? 0 : holdAt - 1
  expect(ids, context).toEqual(Array.from({length: pages * PAGE}, (_, i) => `transaction_${i}`))
  if (pages > 0 && run === 'list') expect(stderr, context).toContain(`--cursor ${pages}`)
  if (pages > 0 && run === 'api') expect(stderr, context).toContain(`-f cursor=${pages}`)
}

describe('the signal class', () => {
  it('a signal at a generated request ends the run with 130, one line, nothing half-done', async () => {
    const home = isolatedHome()
    let cases = 0
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('list', 'wait', 'since', 'api'),
        fc.constantFrom('SIGINT', 'SIGTERM'),
        fc.integer({min: 1, max: 4}),
        fc.boolean(),
        async (run, signal, at, half) => {
          held = 0
          answered = 0
          holdAt = run === 'wait' ? 1 : at
          halfSent = half && run !== 'wait'
          const state = join(home.dir, `run-${cases}.state`)
          const cli = runCli(RUNS_OF[run](state), {
            env: {...home.env, PAYCTL_ORIGIN: server.origin, PAYCTL_API_KEY: 'sk_test_0123456789abcdef'},
            timeoutMs: 30_000,
          })
          const watch = setInterval(() => {
            if (held > 0) {
              clearInterval(watch)
              cli.child.kill(signal)
            }
          }, 10)
          const {code, stdout, stderr} = await cli
          clearInterval(watch)
          cases++
          const context = `${run} ${signal} at request ${holdAt}${halfSent ? ' (half-sent)' : ''}: ${stderr}`
          expect(code, context).toBe(signal === 'SIGINT' ? 130 : 143)
          expect(
            stderr.split('\n').filter(line => line.startsWith('Error:')),
            context,
          ).toEqual([expect.stringMatching(/^Error: INTERRUPTED: /)])
          expectWholePages(run, stdout, stderr, context)
          expect(existsSync(state), context).toBe(false)
        },
      ),
      {numRuns: RUNS},
    )
    process.stderr.write(`signal fuzz: ${cases} cases\n`)
  }, 120_000)
})
