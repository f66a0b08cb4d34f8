import {writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {beforeEach, describe, expect, it} from 'vitest'
import {type Body, counterpartyBody, FULL} from '../emulator/helpers.js'
import {isolatedHome} from '../helpers/cli.js'
import {startCountingProxy} from '../helpers/counting-proxy.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'

/** counterparties create|list|get|update|delete|countries|payment-method-types and transactions list. */

const ctx = useEmulator()
let home: {dir: string; env: Record<string, string>}

beforeEach(() => {
  home = isolatedHome()
})

const cli = (args: string[], options: {origin?: string; input?: string} = {}) =>
  runCommand(args, {
    env: {...home.env, PAYCTL_ORIGIN: options.origin ?? ctx.emu.url, PAYCTL_API_KEY: FULL},
    input: options.input,
  })

const jsonOf = (result: {code: number | null; stdout: string; stderr: string}) => {
  expect(result.code, result.stderr).toBe(0)
  return JSON.parse(result.stdout)
}

const german = [
  '--first-name',
  'Jan',
  '--last-name',
  'Berg',
  '--email',
  'jan@example.com',
  '--line1',
  'Hauptstr. 5',
  '--city',
  'Berlin',
  '--postal-code',
  '10115',
  '--country',
  'de',
]

const counterpartyCount = async () =>
  (await ctx.api.get('/api/v2/counterparties', {query: {limit: 100}})).body.data.length

describe('counterparties', () => {
  it('create from flags: identity, address, payment method and tax identity; --json is what the emulator holds', async () => {
    const created = jsonOf(
      await cli([
        'counterparties',
        'create',
        ...german,
        '--custom-id',
        'jan',
        '--payment-method',
        'bank_iban',
        '--iban',
        'DE89 3704 0044 0532 0130 00',
        '--payment-currency',
        'EUR',
        '--tax-id',
        '12345678901',
        '--date-of-birth',
        '1990-04-30',
        '--json',
      ]),
    )
    expect(created).toMatchObject({
      object: 'counterparty',
      customId: 'jan',
      identity: {type: 'individual', firstName: 'Jan', lastName: 'Berg'},
      address: {line1: 'Hauptstr. 5', city: 'Berlin', postalCode: '10115', country: 'DE'},
      paymentMethod: {type: 'bank_iban', iban: 'DE89370400440532013000', currency: 'EUR'},
      taxIdentity: {taxId: '12345678901', dateOfBirth: '1990-04-30'},
      missing: [],
    })
    expect((await ctx.api.get(`/api/v2/counterparties/${created.id}`)).body).toEqual(created)
  })

  it('create without payment method and tax identity: the record says what is missing', async () => {
    const result = await cli(['counterparties', 'create', ...german])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toMatch(/^Created counterparty counterparty_[0-9a-f-]{36}$/m)
    expect(result.stdout).toMatch(/^Name:\s+Jan Berg$/m)
    expect(result.stdout).toMatch(/^Address:\s+Hauptstr\. 5, 10115 Berlin, DE$/m)
    expect(result.stdout).toMatch(/^Missing:\s+paymentMethod, taxIdentity$/m)
  })

  it('a tax identity that breaks the rules of GET /countries is refused before sending: exit 6, the rule named', async () => {
    const proxy = await startCountingProxy(ctx.emu.url)
    try {
      const result = await cli(['counterparties', 'create', ...german, '--tax-id', '123'], {origin: proxy.origin})
      expect(result.code).toBe(6)
      expect(result.stderr.trim().split('\n')).toHaveLength(1)
      expect(result.stderr).toContain(
        'taxIdentity.taxId "123" does not match the rule for individual counterparties in DE (Steuerliche Identifikationsnummer (11 digits))',
      )
      expect(result.stderr).toContain('taxIdentity.dateOfBirth is required for individual counterparties in DE')
      expect(result.stderr).toContain('nothing was sent')
      expect(proxy.requests.map(r => `${r.method} ${r.url}`)).toEqual(['GET /api/v2/countries'])
    } finally {
      await proxy.close()
    }
    expect(await counterpartyCount()).toBe(0)
  })

  it('--skip-tax-check leaves the check to the service, whose 400 is exit 6 too', async () => {
    const result = await cli(['counterparties', 'create', ...german, '--tax-id', '123', '--skip-tax-check'])
    expect(result.code).toBe(6)
    expect(result.stderr).toMatch(/^Error: VALIDATION_ERROR: .*taxIdentity/)
    expect(await counterpartyCount()).toBe(0)
  })

  it('create --from-file (and "-" for stdin), flags overriding the file', async () => {
    const file = join(home.dir, 'grace.json')
    writeFileSync(file, JSON.stringify(counterpartyBody({customId: 'grace'})))
    const fromFile = jsonOf(await cli(['counterparties', 'create', '--from-file', file, '--city', 'Hamburg', '--json']))
    expect(fromFile).toMatchObject({customId: 'grace', address: {city: 'Hamburg', line1: 'Hauptstr. 1'}, missing: []})
    const fromStdin = jsonOf(
      await cli(['counterparties', 'create', '--from-file', '-', '--custom-id', 'grace-2', '--json'], {
        input: JSON.stringify(counterpartyBody()),
      }),
    )
    expect(fromStdin.customId).toBe('grace-2')
  })

  it('list (table, --all across pages, csv), get by id and --custom-id', async () => {
    for (let i = 0; i < 23; i++) await ctx.api.counterparty({customId: `cp-${i}`, email: `cp${i}@example.com`})
    const table = await cli(['counterparties', 'list', '--limit', '5', '-o', 'table'])
    const lines = table.stdout.trim().split('\n')
    expect(lines[0]).toMatch(/^ID\s+Custom ID\s+Name\s+E-mail\s+Country\s+Payment method\s+Missing\s+Created$/)
    expect(lines).toHaveLength(6)
    // Newest first, ties within one millisecond broken by id (spec): the table follows the API's order.
    const newest = jsonOf(await cli(['counterparties', 'list', '--limit', '5', '--json'])) as Array<{
      customId: string
      createdAt: string
    }>
    const created = newest.map(c => c.createdAt)
    expect(created).toEqual([...created].sort().reverse())
    expect(lines.slice(1).map(line => line.split(/\s+/)[1])).toEqual(newest.map(c => c.customId))
    const n = newest[0].customId.slice(3)
    expect(lines[1]).toMatch(new RegExp(`cp-${n}\\s+Grace Hopper\\s+cp${n}@example\\.com\\s+DE\\s+bank_iban\\s+-`))
    const all = await cli(['counterparties', 'list', '--all', '--output', 'jsonl'])
    const ids = all.stdout
      .trim()
      .split('\n')
      .map(line => JSON.parse(line).id)
    expect(new Set(ids).size).toBe(23)
    const latest = all.stdout
      .trim()
      .split('\n')
      .map(line => JSON.parse(line).createdAt as string)
      .sort()
      .at(-1)
    expect(created[0]).toBe(latest)
    const csv = await cli(['counterparties', 'list', '--limit', '2', '--output', 'csv'])
    expect(csv.stdout.split('\n')[0]).toBe('id,customId,name,email,country,paymentMethod,missing,createdAt')
    const byCustom = jsonOf(await cli(['counterparties', 'get', '--custom-id', 'cp-3', '--json']))
    const byId = jsonOf(await cli(['counterparties', 'get', byCustom.id, '--json']))
    expect(byId).toEqual(byCustom)
    const human = await cli(['counterparties', 'get', byCustom.id])
    expect(human.stdout).toMatch(/^Missing:\s+nothing \(ready for direct payment\)$/m)
  })

  it('list pages by cursor: the position on stderr, the next page from the printed cursor, --all to the end', async () => {
    for (let i = 0; i < 5; i++) await ctx.api.counterparty({customId: `pg-${i}`, email: `pg${i}@example.com`})
    const first = await cli(['counterparties', 'list', '--limit', '2', '--json'])
    const page = jsonOf(first) as Array<{id: string}>
    expect(page).toHaveLength(2)
    const position = JSON.parse(first.stderr.trim().split('\n').at(-1)!)
    expect(position).toMatchObject({written: 2, hasMore: true})
    expect(typeof position.nextCursor).toBe('string')
    const next = jsonOf(
      await cli(['counterparties', 'list', '--limit', '2', '--cursor', position.nextCursor, '--json']),
    )
    expect(next).toHaveLength(2)
    expect(next.map((c: {id: string}) => c.id)).not.toEqual(expect.arrayContaining([page[0].id]))
    expect(next.map((c: {id: string}) => c.id)).not.toEqual(expect.arrayContaining([page[1].id]))
    const human = await cli(['counterparties', 'list', '--limit', '2', '-o', 'table'])
    const cursor = /continue with --cursor (\S+)/.exec(human.stderr)?.[1]
    expect(cursor, human.stderr).toBeTruthy()
    const rest = await cli(['counterparties', 'list', '--all', '--cursor', cursor!, '-o', 'jsonl'])
    expect(rest.code, rest.stderr).toBe(0)
    const restIds = rest.stdout
      .trim()
      .split('\n')
      .map(line => JSON.parse(line).id as string)
    expect(restIds).toHaveLength(3)
    expect(new Set([...page.map(c => c.id), ...restIds]).size).toBe(5)
    expect(rest.stderr).toBe('')
    const all = await cli(['counterparties', 'list', '--all', '--json'])
    expect(jsonOf(all)).toHaveLength(5)
    expect(JSON.parse(all.stderr.trim().split('\n').at(-1)!)).toEqual({written: 5, hasMore: false, nextCursor: null})
  })

  it('update merges a touched group with its current values; clear flags remove groups', async () => {
    const cp = await ctx.api.counterparty({customId: 'upd'})
    const moved = jsonOf(
      await cli(['counterparties', 'update', cp.id, '--city', 'Potsdam', '--postal-code', '14467', '--json']),
    )
    expect(moved.address).toEqual({...cp.address, city: 'Potsdam', postalCode: '14467'})
    expect(moved.taxIdentity).toEqual(cp.taxIdentity)
    const cleared = jsonOf(
      await cli(['counterparties', 'update', '--custom-id', 'upd', '--clear-payment-method', '--json']),
    )
    expect(cleared.paymentMethod).toBeUndefined()
    expect(cleared.missing).toEqual(['paymentMethod'])
    const renamed = jsonOf(
      await cli(['counterparties', 'update', '--custom-id', 'upd', '--set-custom-id', 'upd-2', '--json']),
    )
    expect(renamed.customId).toBe('upd-2')
  })

  it('update that would break a tax rule (moving to France) is refused before sending', async () => {
    const cp = await ctx.api.counterparty()
    const result = await cli(['counterparties', 'update', cp.id, '--country', 'FR'])
    expect(result.code).toBe(6)
    expect(result.stderr).toContain(
      'taxIdentity.taxId "12345678901" does not match the rule for individual counterparties in FR',
    )
    expect((await ctx.api.get(`/api/v2/counterparties/${cp.id}`)).body.address.country).toBe('DE')
  })

  it('delete, then get is not found (exit 4)', async () => {
    const cp = await ctx.api.counterparty()
    const deleted = await cli(['counterparties', 'delete', cp.id])
    expect(deleted.stdout).toBe(`Deleted counterparty ${cp.id}\n`)
    const gone = await cli(['counterparties', 'get', cp.id])
    expect(gone.code).toBe(4)
    expect(gone.stderr.trim().split('\n')).toHaveLength(1)
  })

  it('countries and payment-method-types: tables from the service, --json the lists', async () => {
    const countries = await cli(['counterparties', 'countries'])
    expect(countries.stdout).toMatch(
      /^DE\s+Germany\s+taxId\*, dateOfBirth\*, birthPlaceCity, birthPlaceCountry\s+vatNumber\*/m,
    )
    const countriesJson = jsonOf(await cli(['counterparties', 'countries', '--json']))
    expect(countriesJson).toEqual((await ctx.api.get('/api/v2/countries')).body.data)
    const methods = await cli(['counterparties', 'payment-method-types'])
    expect(methods.stdout).toMatch(/^bank_iban\s+EUR, GBP\s+-\s+iban$/m)
    expect(methods.stdout).toMatch(/^crypto\s+EUR, USD\s+USDC, EURC\s+address, asset$/m)
    const methodsJson = jsonOf(await cli(['counterparties', 'payment-method-types', '--json']))
    expect(methodsJson).toEqual((await ctx.api.get('/api/v2/payment-method-types')).body.data)
  })
})

describe('transactions list', () => {
  async function deposit(amount: string, currency = 'EUR'): Promise<Body> {
    const res = await ctx.api.post('/api/v2/team/sandbox-deposit', {amount, currency})
    expect(res.status, res.text).toBe(200)
    return res.body
  }

  it('a table with amounts right-aligned and signed by direction', async () => {
    await deposit('5.00')
    await deposit('1250.00', 'USD')
    const counterparty = await ctx.api.counterparty()
    await ctx.api.post('/api/v2/payouts', {
      description: 'x',
      amount: '75.00',
      currency: 'EUR',
      counterpartyId: counterparty.id,
      andThen: 'pay',
    })
    const result = await cli(['transactions', 'list', '-o', 'table'])
    expect(result.code, result.stderr).toBe(0)
    const [header, ...rows] = result.stdout.trim().split('\n')
    expect(header).toMatch(/^ID\s+Created\s+Type\s+Status\s+Direction\s+Amount\s+Currency\s+Payouts\s+Reference$/)
    // The seed's two deposits (10000.00 EUR and USD) come last.
    expect(rows).toHaveLength(5)
    expect(rows[0]).toMatch(/payout\s+completed\s+out\s+-75\.00\s+EUR\s+payout_/)
    const amountEnd = (row: string) => {
      const match = /(-?\d+\.\d{2})\s+(EUR|USD)/.exec(row)!
      return match.index + match[1].length
    }
    const ends = rows.map(amountEnd)
    expect(new Set(ends).size).toBe(1)
    expect(rows.map(row => /(-?\d+\.\d{2})\s+(EUR|USD)/.exec(row)![1])).toEqual([
      '-75.00',
      '1250.00',
      '5.00',
      '10000.00',
      '10000.00',
    ])
  })

  it('filters: repeatable --type, --status and --currency, --payout, and a --from/--before window', async () => {
    await deposit('1.00')
    await deposit('2.00', 'USD')
    const counterparty = await ctx.api.counterparty()
    const paid = (
      await ctx.api.post('/api/v2/payouts', {
        customId: 'tx-paid',
        description: 'x',
        amount: '3.00',
        currency: 'EUR',
        counterpartyId: counterparty.id,
        andThen: 'pay',
      })
    ).body
    const all = jsonOf(await cli(['transactions', 'list', '--json']))
    expect(all).toEqual((await ctx.api.get('/api/v2/transactions', {query: {limit: 50}})).body.data)
    const deposits = jsonOf(await cli(['transactions', 'list', '--type', 'deposit', '--currency', 'USD', '--json']))
    expect(deposits.map((t: Body) => t.amount)).toEqual(['2.00', '10000.00'])
    const both = jsonOf(
      await cli(['transactions', 'list', '--type', 'deposit', '--type', 'payout', '--status', 'completed', '--json']),
    )
    expect(both).toHaveLength(3 + 2)
    const ofPayout = jsonOf(await cli(['transactions', 'list', '--payout', paid.id.slice('payout_'.length), '--json']))
    expect(ofPayout.map((t: Body) => t.payoutIds)).toEqual([[paid.id]])
    const ofCustom = jsonOf(await cli(['transactions', 'list', '--payout-custom-id', 'tx-paid', '--json']))
    expect(ofCustom).toEqual(ofPayout)
    const future = jsonOf(await cli(['transactions', 'list', '--from', '2099-01-01', '--json']))
    expect(future).toEqual([])
    const window = jsonOf(
      await cli([
        'transactions',
        'list',
        '--from',
        '2000-01-01T00:00:00+01:00',
        '--before',
        '2099-01-01T00:00Z',
        '--json',
      ]),
    )
    expect(window).toHaveLength(3 + 2)
  })

  it('the filters reach the query exactly as spec 4.5b names them', async () => {
    const proxy = await startCountingProxy(ctx.emu.url)
    try {
      const result = await cli(
        [
          'transactions',
          'list',
          '--type',
          'deposit',
          '--type',
          'payout',
          '--status',
          'pending',
          '--currency',
          'eur',
          '--payout-custom-id',
          'inv 1',
          '--from',
          '2026-11-01T12:00+02:00',
          '--before',
          '2026-12-01',
          '--limit',
          '7',
        ],
        {origin: proxy.origin},
      )
      expect(result.code, result.stderr).toBe(0)
      const query = new URL(proxy.requests[0].url, 'http://x').searchParams
      expect([...query.entries()]).toEqual([
        ['type', 'deposit'],
        ['type', 'payout'],
        ['status', 'pending'],
        ['currency', 'EUR'],
        ['payoutId', 'inv 1'],
        ['createdFrom', '2026-11-01T10:00:00.000Z'],
        ['createdBefore', '2026-12-01T00:00:00.000Z'],
        ['limit', '7'],
      ])
    } finally {
      await proxy.close()
    }
  })

  it('--all follows nextCursor to the end; --limit stops early', async () => {
    for (let i = 0; i < 105; i++) await deposit('1.00')
    const proxy = await startCountingProxy(ctx.emu.url)
    try {
      const all = await cli(['transactions', 'list', '--all', '--output', 'jsonl'], {origin: proxy.origin})
      const lines = all.stdout.trim().split('\n')
      // 105 deposits and the seed's 2.
      expect(lines).toHaveLength(107)
      expect(new Set(lines.map(line => JSON.parse(line).id)).size).toBe(107)
      expect(proxy.requests).toHaveLength(2)
      expect(new URL(proxy.requests[1].url, 'http://x').searchParams.get('cursor')).toBeTruthy()
    } finally {
      await proxy.close()
    }
    const limited = await cli(['transactions', 'list', '--limit', '3', '--output', 'csv'])
    expect(limited.stdout.trim().split('\n')).toHaveLength(4)
  })
})
