import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest'
import {isolatedHome} from '../helpers/cli.js'
import {apiError, FakeServer, json} from '../helpers/fake-server.js'
import {runCommand} from '../helpers/run-command.js'

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const payout = (n: number) => ({
  id: uuid(n),
  uuid: uuid(n),
  customId: `inv-${n}`,
  description: 'x',
  amount: '12.50',
  currency: 'EUR',
  status: 'created',
  creatorHandle: '@maria',
  createdAt: '2026-11-01T10:00:00Z',
  tags: [],
})

describe('payctl api, payouts get and payouts list against a real HTTP server', () => {
  let server: FakeServer
  let env: Record<string, string>

  beforeAll(async () => {
    server = await new FakeServer().start()
  })
  afterAll(async () => server.stop())
  beforeEach(() => {
    server.requests.length = 0
    server.fallback = (_req, res) => json(res, 200, {})
    env = {...isolatedHome().env, PAYCTL_ORIGIN: server.origin, PAYCTL_API_KEY: 'sk_test_0123456789abcdef'}
  })

  it('api GET prints the body and sends the key from PAYCTL_API_KEY', async () => {
    server.next((_req, res) => json(res, 200, {id: 't1', name: 'Acme'}))
    const result = await runCommand(['api', 'GET', '/api/v1/team?x=1'], {env})
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toEqual({id: 't1', name: 'Acme'})
    expect(server.requests[0]).toMatchObject({method: 'GET', url: '/api/v1/team?x=1'})
    expect(server.requests[0].headers.authorization).toBe('Bearer sk_test_0123456789abcdef')
  })

  it('api POST sends -d JSON and the idempotency key', async () => {
    server.next((req, res) => json(res, 200, JSON.parse(req.body)))
    const result = await runCommand(
      ['api', 'post', '/api/v2/payouts', '-d', '{"amount":"1.00"}', '--idempotency-key', 'k-1'],
      {env},
    )
    expect(result.code).toBe(0)
    expect(server.requests[0].headers['idempotency-key']).toBe('k-1')
    expect(JSON.parse(server.requests[0].body)).toEqual({amount: '1.00'})
  })

  it.each([
    [401, 'UNAUTHORIZED', 3],
    [403, 'INSUFFICIENT_SCOPE', 3],
    [404, 'NOT_FOUND', 4],
    [409, 'INVALID_STATE', 5],
    [400, 'VALIDATION_ERROR', 6],
    [422, 'INSUFFICIENT_BALANCE', 6],
  ])('api maps HTTP %i %s to exit %i with one line naming the code', async (status, code, exit) => {
    server.next(apiError(status, code, 'nope'))
    const result = await runCommand(['api', 'GET', '/api/v1/team'], {env})
    expect(result.code).toBe(exit)
    expect(result.stdout).toBe('')
    expect(result.stderr.trim().split('\n')).toHaveLength(1)
    expect(result.stderr).toContain(`${code}: nope (request req_test)`)
  })

  it('exits 7 after retries on an HTML 502 page, without a stack trace', async () => {
    server.fallback = (_req, res) => {
      res.writeHead(502, {'content-type': 'text/html'})
      res.end('<html><h1>Bad Gateway</h1></html>')
    }
    const result = await runCommand(['payouts', 'list'], {env})
    expect(result.code).toBe(7)
    expect(result.stderr).toMatch(/^Error: SERVER_ERROR: HTTP 502: Bad Gateway/)
    expect(result.stderr).not.toContain('    at ')
    expect(server.requests.length).toBe(4)
  })

  it('a non-JSON error body still gives one clear line', async () => {
    server.next((_req, res) => {
      res.writeHead(400, {'content-type': 'text/plain'})
      res.end('bad thing')
    })
    const result = await runCommand(['api', 'GET', '/api/v1/team'], {env})
    expect(result.code).toBe(6)
    expect(result.stderr.trim()).toBe('Error: VALIDATION_ERROR: HTTP 400: bad thing')
  })

  it('under --json the error is one JSON object on stderr and stdout stays empty', async () => {
    server.next(apiError(404, 'PAYOUT_NOT_FOUND', 'gone'))
    const result = await runCommand(['payouts', 'get', `payout_${uuid(1)}`, '--json'], {env})
    expect(result.code).toBe(4)
    expect(result.stdout).toBe('')
    expect(JSON.parse(result.stderr)).toMatchObject({error: {code: 'PAYOUT_NOT_FOUND', status: 404, exitCode: 4}})
  })

  it('rejects bad usage with exit 2 before sending anything', async () => {
    for (const args of [
      ['api', 'FETCH', '/x'],
      ['api', 'GET', 'no-slash'],
      ['api', 'POST', '/x', '-d', '{bad json'],
      ['payouts', 'get', 'not-an-id'],
      ['payouts', 'list', '--limit', 'ten'],
      ['payouts', 'list', '--order', 'sideways'],
    ]) {
      const result = await runCommand(args, {env})
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1)
    }
    expect(server.requests).toHaveLength(0)
  })

  it('payouts get uses v2 for any id form, and v1 with --api v1 and --custom-id', async () => {
    server.fallback = (req, res) =>
      json(
        res,
        200,
        req.url.startsWith('/api/v2') ? {object: 'payout', id: `payout_${uuid(1)}`, status: 'created'} : payout(1),
      )
    expect((await runCommand(['payouts', 'get', uuid(1)], {env})).code).toBe(0)
    expect((await runCommand(['payouts', 'get', '--custom-id', 'inv 1'], {env})).code).toBe(0)
    const v1 = await runCommand(['payouts', 'get', '--custom-id', 'inv-1', '--api', 'v1', '--json'], {env})
    expect(JSON.parse(v1.stdout).id).toBe(`payout_${uuid(1)}`)
    expect(server.requests.map(r => r.url)).toEqual([
      `/api/v2/payouts/payout_${uuid(1)}`,
      '/api/v2/payouts/inv%201',
      '/api/v1/payout/inv-1?id_type=custom_id',
    ])
  })

  it('payouts list --all follows offset pages and stops at a short page', async () => {
    server.fallback = (req, res) => {
      const url = new URL(req.url, 'http://x')
      const offset = Number(url.searchParams.get('offset'))
      const limit = Number(url.searchParams.get('limit'))
      const total = 230
      const items = Array.from({length: Math.max(0, Math.min(limit, total - offset))}, (_, i) => payout(offset + i))
      json(res, 200, items)
    }
    const result = await runCommand(['payouts', 'list', '--all', '--output', 'jsonl'], {env})
    expect(result.code).toBe(0)
    const lines = result.stdout.trim().split('\n')
    expect(lines).toHaveLength(230)
    expect(new Set(lines.map(l => JSON.parse(l).id)).size).toBe(230)
    expect(server.requests.map(r => new URL(r.url, 'http://x').searchParams.get('offset'))).toEqual(['0', '100', '200'])
  })

  it('payouts list --limit, --offset and --order reach the query; table and csv render', async () => {
    server.fallback = (_req, res) => json(res, 200, [payout(1), payout(2)])
    const table = await runCommand(
      ['payouts', 'list', '--limit', '2', '--offset', '5', '--order', 'asc', '-o', 'table'],
      {
        env,
      },
    )
    expect(table.code).toBe(0)
    expect(table.stdout).toMatch(/ID\s+Custom ID\s+Status\s+Amount/)
    expect(table.stdout).toContain('12.50 EUR')
    const query = new URL(server.requests[0].url, 'http://x').searchParams
    expect(Object.fromEntries(query)).toEqual({offset: '5', limit: '2', order_by: 'created_at', order_direction: 'asc'})
    const csv = await runCommand(['payouts', 'list', '--limit', '2', '--output', 'csv'], {env})
    expect(csv.stdout.split('\n')[0]).toBe(
      'id,customId,status,amount,currency,description,creatorHandle,tags,createdAt',
    )
    // A cell starting with @ is a formula to a spreadsheet: the export neutralises it (docs/scripting.md, CSV exports).
    expect(csv.stdout.split('\n')[1]).toBe(`payout_${uuid(1)},inv-1,created,12.50,EUR,x,'@maria,,2026-11-01T10:00:00Z`)
    const raw = await runCommand(['payouts', 'list', '--limit', '2', '--output', 'csv', '--csv-formulas'], {env})
    expect(raw.stdout.split('\n')[1]).toBe(`payout_${uuid(1)},inv-1,created,12.50,EUR,x,@maria,,2026-11-01T10:00:00Z`)
    const jsonOut = await runCommand(['payouts', 'list', '--limit', '2', '--json'], {env})
    expect(JSON.parse(jsonOut.stdout)).toEqual([payout(1), payout(2)].map(p => ({...p, id: `payout_${p.id}`})))
  })

  it('--debug traces HTTP on stderr with the key redacted', async () => {
    server.next((_req, res) => json(res, 200, {id: 't1', signingSecret: 'whsec_abcdefgh'}))
    const result = await runCommand(['api', 'GET', '/api/v1/team', '--debug'], {env})
    expect(result.stderr).toContain('[debug] > GET')
    expect(result.stderr).not.toContain('sk_test_0123456789abcdef')
    expect(result.stderr).not.toContain('whsec_abcdefgh')
  })
})
