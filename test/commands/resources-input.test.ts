import {writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {isolatedHome} from '../helpers/cli.js'
import {FakeServer, json} from '../helpers/fake-server.js'
import {runCommand} from '../helpers/run-command.js'

/**
 * Bad input for every resource command: one clear line on stderr naming the flag or value, exit 2 (usage), and
 * not a single request sent. A plain HTTP server records any request that would slip through.
 */

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const ID = `payout_${uuid(1)}`
const URL_OK = 'https://example.com/done'
const CP = `counterparty_${uuid(9)}`
const create = ['payouts', 'create', '--description', 'x']
const address = ['--first-name', 'A', '--last-name', 'B', '--line1', 'L', '--city', 'C', '--postal-code', '1']

describe('bad input to the resource commands: one line, exit 2, nothing sent', () => {
  let server: FakeServer
  let env: Record<string, string>
  let dir: string

  // Nothing may ever reach the server in this file, so the cases share one home.
  beforeAll(async () => {
    server = await new FakeServer().start()
    server.fallback = (_req, res) => json(res, 200, {})
    const home = isolatedHome()
    dir = home.dir
    env = {...home.env, PAYCTL_ORIGIN: server.origin, PAYCTL_API_KEY: 'sk_test_0123456789abcdef'}
  })
  afterAll(async () => {
    expect(server.requests).toHaveLength(0)
    await server.stop()
  })

  const cases: Array<[string, string[], RegExp]> = [
    // payouts create: amounts, currencies, recipients
    [
      'comma decimal',
      [...create, '--amount', '12,50', '--currency', 'EUR', '--email', 'a@b.co'],
      /--amount: amount "12,50" has a decimal comma, which is not accepted; write 12\.50/,
    ],
    [
      'negative amount',
      [...create, '--amount', '-5', '--currency', 'EUR', '--email', 'a@b.co'],
      /--amount: .*negative/,
    ],
    ['exponent', [...create, '--amount', '1e3', '--currency', 'EUR', '--email', 'a@b.co'], /scientific notation/],
    ['too many decimals', [...create, '--amount', '1.001', '--currency', 'EUR', '--email', 'a@b.co'], /EUR allows 2/],
    ['zero amount', [...create, '--amount', '0', '--currency', 'EUR', '--email', 'a@b.co'], /greater than zero/],
    [
      'bad currency',
      [...create, '--amount', '1', '--currency', 'EURO', '--email', 'a@b.co'],
      /--currency: .*three-letter/,
    ],
    [
      'bad e-mail',
      [...create, '--amount', '1', '--currency', 'EUR', '--email', 'maria'],
      /--email: "maria" is not an e-mail/,
    ],
    ['bad phone', [...create, '--amount', '1', '--currency', 'EUR', '--phone', '0151'], /--phone: .*international/],
    ['no recipient', [...create, '--amount', '1', '--currency', 'EUR'], /give a recipient/],
    [
      'two recipients',
      [...create, '--amount', '1', '--currency', 'EUR', '--email', 'a@b.co', '--phone', '+4915112345678'],
      /give one recipient/,
    ],
    [
      'bad counterparty',
      [...create, '--amount', '1', '--currency', 'EUR', '--counterparty', 'cp_1'],
      /not a counterparty id/,
    ],
    [
      'v1 and v2 flags',
      [...create, '--amount', '1', '--currency', 'EUR', '--creator-handle', '@maria', '--and-then', 'pay'],
      /--and-then cannot be combined with v1/,
    ],
    [
      'v1 flag with --api v2',
      [...create, '--amount', '1', '--currency', 'EUR', '--email', 'a@b.co', '--pre-approved', '--api', 'v2'],
      /only exist in v1/,
    ],
    [
      'bad handle',
      [...create, '--amount', '1', '--currency', 'EUR', '--creator-handle', 'maria rossi'],
      /--creator-handle: .*not a handle/,
    ],
    [
      'bad and-then',
      [...create, '--amount', '1', '--currency', 'EUR', '--email', 'a@b.co', '--and-then', 'approve'],
      /--and-then/,
    ],
    [
      'empty idempotency key',
      [...create, '--amount', '1', '--currency', 'EUR', '--email', 'a@b.co', '--idempotency-key', ''],
      /idempotency-key/,
    ],
    // ids
    ['malformed id', ['payouts', 'approve', 'payout_123'], /"payout_123" is not a payout id/],
    ['no ids', ['payouts', 'pay'], /give at least one payout id/],
    ['malformed among many', ['payouts', 'send-claim-link', ID, 'nope'], /"nope" is not a payout id/],
    ['unreadable ids file', ['payouts', 'approve', '--ids-file', '/nonexistent/ids.txt'], /cannot read the file/],
    ['delete bad id', ['payouts', 'delete', '42'], /"42" is not a payout id/],
    ['get bad id', ['payouts', 'get', uuid(1).slice(1)], /is not a payout id/],
    ['update nothing', ['payouts', 'update', ID], /nothing to change/],
    ['update id and custom id', ['payouts', 'update', ID, '--custom-id', 'x', '--amount', '2'], /exactly one/],
    ['update bad amount', ['payouts', 'update', ID, '--amount', '2.5.0'], /--amount/],
    // list
    ['status with v1', ['payouts', 'list', '--status', 'created', '--api', 'v1'], /--status filters the v2 list/],
    ['offset with v2', ['payouts', 'list', '--api', 'v2', '--offset', '5'], /--offset only works with the v1 list/],
    ['limit and all', ['payouts', 'list', '--all', '--limit', '5'], /--all|--limit/],
    // sessions
    ['missing redirect', ['sessions', 'kyb'], /redirect-url/],
    ['ftp redirect', ['sessions', 'kyb', '--redirect-url', 'ftp://example.com'], /must be an http or https URL/],
    ['not a URL', ['sessions', 'allowance', '--redirect-url', 'example.com/done'], /is not a URL/],
    ['bad branding', ['sessions', 'kyb', '--redirect-url', URL_OK, '--branding', 'talentir'], /--branding/],
    [
      'bad login hint',
      ['sessions', 'approval', '--payout', ID, '--redirect-url', URL_OK, '--login-hint', 'bob'],
      /--login-hint: "bob"/,
    ],
    [
      'session bad payout',
      ['sessions', 'payout', '--payout', 'p1', '--redirect-url', URL_OK],
      /--payout: "p1" is not a payout id/,
    ],
    ['session no payout', ['sessions', 'payout', '--redirect-url', URL_OK], /give the payout/],
    ['approval without payouts', ['sessions', 'approval', '--redirect-url', URL_OK], /give the payouts to approve/],
    // team
    ['dac7 value', ['team', 'update', '--dac7-reporting', 'yes'], /--dac7-reporting/],
    ['deposit amount', ['team', 'deposit', '--amount', 'ten', '--currency', 'EUR'], /--amount/],
    ['deposit decimals', ['team', 'deposit', '--amount', '1.234', '--currency', 'USD'], /USD allows 2/],
    // counterparties
    ['missing identity', ['counterparties', 'create', '--country', 'DE'], /missing --first-name/],
    ['bad country', ['counterparties', 'create', ...address, '--country', 'Germany'], /--country: .*two-letter/],
    [
      'bad iban',
      ['counterparties', 'create', ...address, '--country', 'DE', '--iban', 'DE00123'],
      /--iban: .*not an IBAN/,
    ],
    [
      'bad birth date',
      ['counterparties', 'create', ...address, '--country', 'DE', '--date-of-birth', '30.04.1990'],
      /--date-of-birth/,
    ],
    ['bad counterparty id', ['counterparties', 'get', 'cp_1'], /not a counterparty id/],
    ['update nothing', ['counterparties', 'update', CP], /nothing to change/],
    // transactions
    ['bad from', ['transactions', 'list', '--from', 'yesterday'], /--from: "yesterday" is not an ISO 8601 date-time/],
    ['zone-less before', ['transactions', 'list', '--before', '2026-11-01T10:00'], /add Z or an offset/],
    [
      'inverted window',
      ['transactions', 'list', '--from', '2026-12-01', '--before', '2026-11-01'],
      /must be before --before/,
    ],
    ['bad currency filter', ['transactions', 'list', '--currency', 'EUR', '--currency', 'E1'], /--currency/],
    ['bad payout filter', ['transactions', 'list', '--payout', 'payout_x'], /--payout: "payout_x" is not a payout id/],
  ]

  it.each(cases)('%s', async (_name, args, message) => {
    const result = await runCommand(args, {env})
    expect(result.code, result.stderr).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr.trim().split('\n')).toHaveLength(1)
    expect(result.stderr).toMatch(/^Error: /)
    expect(result.stderr).toMatch(message)
    expect(server.requests).toHaveLength(0)
  })

  it('a malformed line in --ids-file is named by file and line, before anything is sent', async () => {
    const file = join(dir, 'ids.txt')
    writeFileSync(file, `${uuid(1)}\n# comment\n\nnot-an-id\n`)
    const result = await runCommand(['payouts', 'approve', '--ids-file', file], {env})
    expect(result.code).toBe(2)
    expect(result.stderr.trim()).toBe(
      `Error: USAGE: ${file} line 4: "not-an-id" is not a payout id (a UUID or payout_<UUID>); pass your own key with --custom-id instead`,
    )
    expect(server.requests).toHaveLength(0)
  })

  it('a malformed id on stdin ("-") is refused the same way', async () => {
    const result = await runCommand(['payouts', 'pay', '-'], {env, input: `${uuid(1)}\nbad\n`})
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('stdin line 2: "bad" is not a payout id')
    expect(server.requests).toHaveLength(0)
  })

  it('an approval session takes at most 100 payouts', async () => {
    const args = Array.from({length: 101}, (_, i) => ['--payout', uuid(i + 1)]).flat()
    const result = await runCommand(['sessions', 'approval', ...args, '--redirect-url', URL_OK], {env})
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('at most 100 payouts, not 101')
    expect(server.requests).toHaveLength(0)
  })

  it('an idempotency key too long for its batch suffixes is refused before sending', async () => {
    const ids = Array.from({length: 101}, (_, i) => uuid(i + 1)).join('\n')
    const result = await runCommand(['payouts', 'approve', '-', '--idempotency-key', 'k'.repeat(254)], {
      env,
      input: ids,
    })
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/too long for 2 batches/)
    expect(server.requests).toHaveLength(0)
  })

  it('counterparties create checks its flags with the contract: customId length, ESC in a name, IBAN, e-mail, nothing sent', async () => {
    const base = ['counterparties', 'create', '--first-name', 'A', '--last-name', 'B', '--line1', 'L', '--city', 'C']
    const address = ['--postal-code', '1', '--country', 'DE']
    for (const [extra, field] of [
      [['--custom-id', 'c'.repeat(256)], 'customId'],
      [['--business-name', `Acme\u001bCorp`], 'identity.businessName'],
      [['--payment-method', 'bank_iban', '--payment-currency', 'EUR', '--iban', 'DE00'], '--iban'],
      [['--email', 'nope'], '--email'],
    ] as const) {
      const result = await runCommand([...base, ...address, ...extra], {env})
      expect(result.code, result.stderr).toBe(2)
      expect(result.stderr).toMatch(new RegExp(`^Error: USAGE: ${field.replace('.', '\\.')}: `, 'm'))
    }
    expect(server.requests).toHaveLength(0)
  })

  it('payouts create and update check the body they would send with the contract, naming the flag, nothing sent', async () => {
    const create = ['payouts', 'create', '--amount', '5', '--currency', 'EUR', '--email', 'a@example.com']
    for (const [extra, flag] of [
      [['--description', 'x', '--custom-id', 'c'.repeat(256)], '--custom-id'],
      [['--description', 'd'.repeat(1001)], '--description'],
      [['--description', 'x', '--tag', 't'.repeat(101)], '--tag'],
      [['--description', 'x', '--api', 'v1', '--custom-id', 'c'.repeat(256)], '--custom-id'],
    ] as const) {
      const result = await runCommand([...create, ...extra], {env})
      expect(result.code, result.stderr).toBe(2)
      expect(result.stderr).toMatch(new RegExp(`^Error: USAGE: ${flag}: `))
      expect(result.stderr.trim().split('\n'), result.stderr).toHaveLength(1)
    }
    const id = 'payout_0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f'
    const update = await runCommand(['payouts', 'update', id, '--set-custom-id', 'c'.repeat(256)], {env})
    expect(update.code, update.stderr).toBe(2)
    expect(update.stderr).toMatch(/^Error: USAGE: --set-custom-id: /)
    expect(server.requests).toHaveLength(0)
  })

  it('a --custom-id that names a payout or counterparty in the path is checked as the path takes it, nothing sent', async () => {
    for (const command of [
      ['payouts', 'get'],
      ['counterparties', 'get'],
    ])
      for (const [customId, problem] of [
        ['c'.repeat(256), 'must have at most 255 characters'],
        ['a\u0007b', 'must not contain control characters (found U+0007 at position 2)'],
        ['  ', 'must not be empty'],
      ]) {
        const result = await runCommand([...command, '--custom-id', customId], {env})
        expect(result.code, result.stderr).toBe(2)
        expect(result.stderr).toContain(`Error: USAGE: --custom-id ${problem}`)
      }
    expect(server.requests).toHaveLength(0)
  })

  it('--from-file must hold a JSON object', async () => {
    const file = join(dir, 'cp.json')
    writeFileSync(file, '[1, 2]')
    const notObject = await runCommand(['counterparties', 'create', '--from-file', file], {env})
    expect(notObject.code).toBe(2)
    expect(notObject.stderr).toContain('must hold one JSON object')
    writeFileSync(file, '{"identity": {')
    const broken = await runCommand(['counterparties', 'create', '--from-file', file], {env})
    expect(broken.code).toBe(2)
    expect(broken.stderr).toContain('not valid JSON')
    writeFileSync(
      file,
      JSON.stringify({
        identity: {firstName: 'A', lastName: 'B'},
        address: {line1: 'L', city: 'C', postalCode: '1', country: 'de'},
      }),
    )
    const badField = await runCommand(['counterparties', 'create', '--from-file', file], {env})
    expect(badField.code).toBe(2)
    expect(badField.stderr).toMatch(/^Error: USAGE: address\.country: /m)
    expect(server.requests).toHaveLength(0)
  })
})
