import fc from 'fast-check'
import {request} from 'undici'
import {beforeAll, describe, expect, it} from 'vitest'
import {buildRouter} from '../../src/emulator/route-table.js'
import {LOCAL_EMULATOR} from '../../src/shared/local-emulator.js'
import {useEmulator} from '../helpers/emulator.js'
import {pathForms} from '../helpers/path-forms.js'
import {rawRequest} from '../helpers/raw-request.js'

/**
 * An HTTP fuzz of the emulator's public routes (the /_emulator control routes excepted), on 127.0.0.1 only,
 * bounded in count and time. Team A owns marked data; requests with team B's key, no key or a garbage key try
 * every route with generated ids, queries, bodies and content types. Asserted for every case: no 5xx, an answer
 * at all (no crash, no hang), and nothing of team A's in any answer to anyone else. A second property sends the
 * control routes and the API in every path form, with generated Host and Origin headers, from 127.0.0.2 (another
 * host to the emulator): no control route ever answers it, and a foreign Host or Origin is always refused.
 */

const CASES = 1000
const TIME_LIMIT_MS = 12_000
const MARK = 'TEAMASECRET'
const A = LOCAL_EMULATOR.fullKey
const B = LOCAL_EMULATOR.otherTeamFullKey

const ctx = useEmulator({reset: false, webhookTimeoutMs: 500})
const ids: string[] = []

async function call(method: string, path: string, key: string | undefined, body?: string, type?: string) {
  const headers: Record<string, string> = {}
  if (key) headers.authorization = `Bearer ${key}`
  if (type) headers['content-type'] = type
  const res = await request(`${ctx.url}${path}`, {method: method as 'GET', headers, body, headersTimeout: 10_000})
  return {status: res.statusCode, text: await res.body.text()}
}

beforeAll(async () => {
  const json = 'application/json'
  const deposit = await call('POST', '/api/v2/team/sandbox-deposit', A, '{"currency":"EUR","amount":"1000.00"}', json)
  expect(deposit.status, deposit.text).toBe(200)
  for (let i = 0; i < 3; i++) {
    const v2 = JSON.parse(
      (
        await call(
          'POST',
          '/api/v2/payouts',
          A,
          JSON.stringify({
            description: `${MARK} v2 ${i}`,
            amount: '5.00',
            currency: 'EUR',
            customId: `${MARK}-${i}`,
            recipient: {type: 'email', email: `${MARK.toLowerCase()}${i}@example.com`},
          }),
          json,
        )
      ).text,
    )
    ids.push(v2.id, v2.id.replace('payout_', ''))
  }
  const cp = await call(
    'POST',
    '/api/v2/counterparties',
    A,
    JSON.stringify({
      type: 'individual',
      name: `${MARK} Person`,
      email: 'cp@example.com',
      address: {country: 'DE'},
      paymentMethod: {type: 'bank_iban', iban: 'DE89370400440532013000', currency: 'EUR'},
    }),
    json,
  )
  if (cp.status === 200) ids.push(JSON.parse(cp.text).id)
  // Webhook targets stay on this machine (port 9: nothing listens), so deliveries never leave 127.0.0.1.
  const hook = await call('POST', '/api/v1/webhook', A, `{"targetUrl":"http://127.0.0.1:9/${MARK}"}`, json)
  expect(hook.status, hook.text).toBe(200)
  ids.push(JSON.parse(hook.text).id)
})

describe('HTTP fuzz of the emulator', () => {
  it(`answers ${CASES} generated requests without a 5xx, a crash or a cross-team read`, async () => {
    const routes = buildRouter(ctx.emu.app)
      .list()
      .filter(route => !route.path.startsWith('/_emulator'))
    const segment = fc.oneof(
      fc.constantFrom(...ids),
      fc.uuid(),
      fc.uuid().map(u => `payout_${u}`),
      fc.string({maxLength: 20}).map(encodeURIComponent),
      fc.constantFrom('..', '%00', '%2F', 'x'.repeat(300)),
    )
    // Mostly the route's own method (so the handlers run), sometimes another one.
    const target = fc
      .tuple(fc.constantFrom(...routes), fc.array(segment, {minLength: 4, maxLength: 4}))
      .chain(([route, values]) =>
        fc.record({
          path: fc.constant(route.path.replace(/:\w+/g, () => values.pop() ?? 'x')),
          method: fc.oneof(
            {weight: 4, arbitrary: fc.constant(route.method)},
            {weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PATCH', 'PUT', 'DELETE')},
          ),
        }),
      )
    const query = fc.option(
      fc
        .dictionary(
          fc.constantFrom('limit', 'offset', 'cursor', 'status', 'orderDirection', 'from', 'to', 'currency', 'type'),
          fc.oneof(fc.string({maxLength: 12}), fc.integer().map(String), fc.constantFrom('-1', '1e309', 'NaN')),
        )
        .map(q => `?${new URLSearchParams(q)}`),
      {nil: ''},
    )
    const body = fc.option(
      fc.oneof(
        fc.jsonValue({maxDepth: 3}).map(v => JSON.stringify(v)),
        fc
          .record(
            {
              description: fc.string(),
              amount: fc.oneof(fc.string({maxLength: 12}), fc.double().map(String)),
              currency: fc.constantFrom('EUR', 'USD', 'JPY', 'XYZ', ''),
              recipient: fc.record({type: fc.constantFrom('email', 'phone', 'x'), email: fc.string()}),
              ids: fc.array(fc.constantFrom(...ids), {maxLength: 3}),
              items: fc.array(fc.jsonValue({maxDepth: 2}), {maxLength: 3}),
              targetUrl: fc.constantFrom('http://127.0.0.1:9/x', 'http://[::1]:9/y', 'ftp://127.0.0.1/', 'x'),
            },
            {requiredKeys: []},
          )
          .map(v => JSON.stringify(v)),
        fc.string({maxLength: 200}),
      ),
      {nil: undefined},
    )
    const request = fc.record({
      target,
      query,
      key: fc.constantFrom(B, B, undefined, 'sk_sandbox_garbage', `Bearer ${A}`),
      body,
      type: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', undefined),
    })
    let runs = 0
    const statuses = new Map<number, number>()
    await fc.assert(
      fc.asyncProperty(request, async ({target: {method, path}, ...r}) => {
        runs++
        const withBody = method !== 'GET' && r.body !== undefined
        const res = await call(method, `${path}${r.query}`, r.key, withBody ? r.body : undefined, r.type)
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
        expect(res.status, `${method} ${path}${r.query}: ${res.text.slice(0, 300)}`).toBeLessThan(500)
        expect(res.text, `${method} ${path}${r.query} leaked team A's data`).not.toContain(MARK)
        expect(res.text.toLowerCase()).not.toContain(MARK.toLowerCase())
      }),
      {numRuns: CASES, interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: false},
    )
    // Still healthy for team A afterwards (nothing poisoned), and A's data is A's.
    const team = await call('GET', '/api/v1/team', A)
    expect(team.status).toBe(200)
    const own = await call('GET', '/api/v2/payouts?limit=100', A)
    expect(own.text).toContain(MARK)
    console.info(`emulator HTTP fuzz: ${runs} requests, statuses ${JSON.stringify(Object.fromEntries(statuses))}`)
    expect(runs).toBeGreaterThan(100)
  }, 60_000)

  it('refuses control routes in any path form to another host, and foreign Host or Origin headers', async () => {
    const routes = buildRouter(ctx.emu.app).list()
    const control = routes.filter(route => route.access.kind === 'loopback')
    const api = routes.filter(route => route.access.kind === 'credentials')
    const own = ctx.url.replace('http://', '')
    const host = fc.oneof(
      fc.constant(own),
      fc.constantFrom('evil.example', `evil.example:${ctx.emu.port}`, `localhost.evil.example:${ctx.emu.port}`),
      fc.domain(),
    )
    const origin = fc.option(
      fc.oneof(fc.constant(ctx.url), fc.constantFrom('null', 'https://evil.example'), fc.webUrl()),
      {
        nil: undefined,
      },
    )
    const target = (list: typeof routes) =>
      fc.tuple(fc.constantFrom(...list), fc.nat()).map(([route, n]) => {
        const forms = pathForms(route.path.replace(/:\w+/g, ids[0] ?? 'x'))
        return {method: route.method, path: forms[n % forms.length], isControl: route.access.kind === 'loopback'}
      })
    let runs = 0
    await fc.assert(
      fc.asyncProperty(fc.oneof(target(control), target(api)), host, origin, async (t, hostHeader, originHeader) => {
        runs++
        const headers: Record<string, string> = {authorization: `Bearer ${A}`, host: hostHeader}
        if (originHeader !== undefined) headers.origin = originHeader
        const res = await rawRequest(ctx.url, {
          method: t.method,
          target: t.path,
          headers,
          localAddress: t.isControl ? '127.0.0.2' : undefined,
        })
        const what = `${t.method} ${t.path} host=${hostHeader} origin=${originHeader}: ${res.status} ${res.text.slice(0, 200)}`
        expect(res.status, what).toBeLessThan(500)
        if (t.isControl) expect(res.status, what).toBeGreaterThanOrEqual(400)
        const foreign = hostHeader !== own || (originHeader !== undefined && originHeader !== ctx.url)
        if (foreign) expect(res.status, what).toBe(403)
      }),
      {numRuns: 400, interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: false},
    )
    console.info(`emulator access fuzz: ${runs} requests`)
    expect(runs).toBeGreaterThan(50)
  }, 60_000)
})
