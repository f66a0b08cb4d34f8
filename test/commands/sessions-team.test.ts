import {beforeEach, describe, expect, it} from 'vitest'
import {verifySessionToken} from '../../src/emulator/index.js'
import {FULL} from '../emulator/helpers.js'
import {isolatedHome} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'

/** sessions payout|approval|kyb|allowance and team get|update|deposit, end to end against the emulator. */

const ctx = useEmulator()
let home: {dir: string; env: Record<string, string>}

beforeEach(() => {
  home = isolatedHome()
})

const cli = (args: string[], options: {key?: string; env?: Record<string, string>} = {}) =>
  runCommand(args, {
    env: {
      ...home.env,
      PAYCTL_ORIGIN: ctx.emu.url,
      PAYCTL_API_KEY: options.key ?? FULL,
      PAYCTL_BROWSER: 'none',
      ...options.env,
    },
  })

/** The claims of a minted session URL, checked with the emulator's own secret and clock. */
function claimsOf(url: string, kind: 'payout' | 'approval' | 'kyb' | 'allowance') {
  const prefix = `${ctx.emu.url}/hosted/${kind}/`
  expect(url.startsWith(prefix), url).toBe(true)
  const verdict = verifySessionToken(
    url.slice(prefix.length),
    ctx.emu.app.store.secret(),
    ctx.emu.app.clock.nowMs(),
    kind,
  )
  if (!verdict.ok) throw new Error(`session token refused: ${verdict.reason}`)
  return verdict.claims
}

describe('sessions', () => {
  it('payout: prints only the URL; the token carries the payout, redirect and default branding', async () => {
    const payout = await ctx.api.v2Create({customId: 'claim-me'})
    const result = await cli([
      'sessions',
      'payout',
      '--payout',
      payout.id,
      '--redirect-url',
      'https://example.com/thanks',
    ])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout.trim().split('\n')).toHaveLength(1)
    const claims = claimsOf(result.stdout.trim(), 'payout')
    expect(claims).toMatchObject({
      payload: {payoutId: payout.id.slice('payout_'.length)},
      redirectUrl: 'https://example.com/thanks',
      branding: 'talentir',
    })
  })

  it('payout by --custom-id, --branding team and --json {url}', async () => {
    const payout = await ctx.api.v1Create({customId: 'claim-v1'})
    const result = await cli([
      'sessions',
      'payout',
      '--custom-id',
      'claim-v1',
      '--redirect-url',
      'http://localhost:3000/back',
      '--branding',
      'team',
      '--json',
    ])
    expect(result.code, result.stderr).toBe(0)
    const body = JSON.parse(result.stdout)
    expect(Object.keys(body)).toEqual(['url'])
    expect(claimsOf(body.url, 'payout')).toMatchObject({payload: {payoutId: payout.id}, branding: 'team'})
  })

  it('approval: several payouts and a login hint; every call mints a fresh URL', async () => {
    const a = await ctx.api.v2Create()
    const b = await ctx.api.v1Create({customId: 'appr-b'})
    const args = [
      'sessions',
      'approval',
      '--payout',
      a.id,
      '--custom-id',
      'appr-b',
      '--login-hint',
      'ops@example.com',
      '--redirect-url',
      'https://example.com/approved',
    ]
    const first = await cli(args)
    const second = await cli(args)
    expect(first.code, first.stderr).toBe(0)
    expect(first.stdout).not.toBe(second.stdout)
    expect(claimsOf(first.stdout.trim(), 'approval').payload).toEqual({
      payoutIds: [a.id.slice('payout_'.length), b.id],
      loginHint: 'ops@example.com',
    })
  })

  it('kyb and allowance; --open with PAYCTL_BROWSER=none prints the URL and says nothing was opened', async () => {
    const kyb = await cli([
      'sessions',
      'kyb',
      '--redirect-url',
      'https://example.com/kyb',
      '--login-hint',
      'owner@example.com',
    ])
    expect(claimsOf(kyb.stdout.trim(), 'kyb').payload).toEqual({loginHint: 'owner@example.com'})
    const allowance = await cli(['sessions', 'allowance', '--redirect-url', 'https://example.com/a', '--open'])
    expect(allowance.code, allowance.stderr).toBe(0)
    expect(claimsOf(allowance.stdout.trim(), 'allowance').payload).toEqual({})
    expect(allowance.stderr).toContain('No browser was opened')
  })

  it('platform branding with an API key is the service refusing it: exit 6', async () => {
    const result = await cli(['sessions', 'kyb', '--redirect-url', 'https://example.com', '--branding', 'platform'])
    expect(result.code).toBe(6)
    expect(result.stderr).toMatch(/^Error: VALIDATION_ERROR: .*branding/)
  })

  it('a session for an unknown payout is a 404: exit 4', async () => {
    const result = await cli([
      'sessions',
      'payout',
      '--payout',
      '0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f',
      '--redirect-url',
      'https://example.com',
    ])
    expect(result.code).toBe(4)
  })
})

describe('team', () => {
  it('get: summary, members, balances with allowance and deposit instructions as sections', async () => {
    const result = await cli(['team', 'get'])
    expect(result.code, result.stderr).toBe(0)
    const out = result.stdout
    expect(out).toMatch(/^Emulator Media GmbH$/m)
    expect(out).toMatch(/^ {2}KYB status:\s+pending$/m)
    expect(out).toMatch(/^ {2}DAC7 reporting:\s+not required$/m)
    expect(out).toMatch(/^Members\nName\s+E-mail\s+Role\s+Joined\n.*owner@example\.com\s+owner/m)
    expect(out).toMatch(/^EUR\s+10000\.00 EUR\s+0\.00 EUR\s+10000\.00 EUR\s+none/m)
    expect(out).toMatch(
      /^Deposit instructions\nEUR: SEPA \(IBAN\), dedicated account\n {2}Beneficiary:\s+Emulator Media GmbH\n {2}IBAN:\s+DE\d{2}/m,
    )
    expect(out.indexOf('Members')).toBeLessThan(out.indexOf('Balances'))
    expect(out.indexOf('Balances')).toBeLessThan(out.indexOf('Deposit instructions'))
  })

  it('get shows the allowance (an API approval counts against it) and open amounts once there are some', async () => {
    ctx.emu.app.store.db
      .prepare(
        "UPDATE accounts SET allowance_limit = '500.00', allowance_used = '120.00', allowance_resets_at = '2030-01-02T00:00:00.000Z' WHERE currency = 'EUR'",
      )
      .run()
    const payout = await ctx.api.v2Create({amount: '30.00'})
    await ctx.api.post(`/api/v2/payouts/${payout.id}/approve`)
    const result = await cli(['team', 'get'])
    // The approval is automated spending: it is charged to the allowance (120 + 30).
    expect(result.stdout).toMatch(
      /^EUR\s+10000\.00 EUR\s+30\.00 EUR\s+9970\.00 EUR\s+150\.00 EUR of 500\.00 EUR used, 350\.00 EUR left\s+2030-01-0[12] \d\d:\d\d$/m,
    )
    expect(result.stdout).toMatch(/^USD\s+10000\.00 USD\s+0\.00 USD\s+10000\.00 USD\s+none\s+-$/m)
  })

  it('get --json is the team record the emulator serves', async () => {
    const result = await cli(['team', 'get', '--json'])
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toEqual((await ctx.api.get('/api/v1/team')).body)
  })

  it('update --dac7-reporting true|false changes the setting', async () => {
    const on = await cli(['team', 'update', '--dac7-reporting', 'true'])
    expect(on.stdout).toBe('DAC7 reporting: required\n')
    expect((await ctx.api.get('/api/v1/team')).body.dac7ReportingRequired).toBe(true)
    const off = await cli(['team', 'update', '--dac7-reporting', 'false', '--json'])
    expect(JSON.parse(off.stdout)).toEqual({dac7ReportingRequired: false})
    expect((await ctx.api.get('/api/v1/team')).body.dac7ReportingRequired).toBe(false)
  })

  it('deposit adds to the account; --json is the account', async () => {
    const human = await cli(['team', 'deposit', '--amount', '250', '--currency', 'USD'])
    expect(human.code, human.stderr).toBe(0)
    expect(human.stdout).toMatch(/^Deposited 250\.00 USD\.\n/)
    expect(human.stdout).toMatch(/^Balance:\s+10250\.00 USD$/m)
    const json = JSON.parse((await cli(['team', 'deposit', '--amount', '0.50', '--currency', 'EUR', '--json'])).stdout)
    expect(json).toEqual(await ctx.api.account('EUR'))
    expect(json.balance.total).toBe('10000.50')
  })

  it('deposit for a team without a wallet explains VERIFICATION_REQUIRED (exit 5)', async () => {
    const team = await ctx.api.newTeam({wallet: false})
    const result = await cli(['team', 'deposit', '--amount', '10', '--currency', 'EUR'], {key: team.key})
    expect(result.code).toBe(5)
    expect(result.stderr.trim().split('\n')).toHaveLength(1)
    expect(result.stderr).toMatch(/^Error: VERIFICATION_REQUIRED: the team has no wallet yet/)
    expect(result.stderr).toContain('payctl sessions kyb')
  })

  it('update needs team:manage; a key without it exits 3', async () => {
    const team = await ctx.api.newTeam({scopes: ['team:read']})
    const result = await cli(['team', 'update', '--dac7-reporting', 'true'], {key: team.key})
    expect(result.code).toBe(3)
    expect(result.stderr).toMatch(/^Error: INSUFFICIENT_SCOPE: .*team:manage/)
  })

  it('deposit on a production profile is refused before sending', async () => {
    const added = await cli(['profiles', 'add', 'prod', '--environment', 'production', '--origin', ctx.emu.url])
    expect(added.code).toBe(0)
    const result = await cli(['team', 'deposit', '--amount', '10', '--currency', 'EUR', '--profile', 'prod'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('team deposit only works in the sandbox; profile "prod" is production')
    expect((await ctx.api.account('EUR')).balance.total).toBe('10000.00')
  })
})
