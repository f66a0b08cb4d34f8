import {beforeEach, describe, expect, it} from 'vitest'
import {SEEDED} from '../../src/emulator/domain/seed.js'
import {type Body, counterpartyBody, FULL} from '../emulator/helpers.js'
import {EMAIL_PAYOUT, isolatedHome, runCli} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {RecordingProxy} from '../helpers/recording-proxy.js'
import {runCommand} from '../helpers/run-command.js'
import {runCliInTty} from '../helpers/tty.js'
import {until} from '../import/helpers.js'

/** Failures exit non-zero, `payouts wait` and `--wait`, and `team accounts`: the built CLI against the emulator. */

const ctx = useEmulator()
let home: {dir: string; env: Record<string, string>}

beforeEach(() => {
  home = isolatedHome()
})

const cli = (args: string[]) => runCommand(args, {env: {...home.env, PAYCTL_ORIGIN: ctx.emu.url, PAYCTL_API_KEY: FULL}})

const FAILING_METHOD = {
  type: 'bank_iban',
  iban: 'DE89370400440532013000',
  currency: 'EUR',
  accountHolderName: 'SANDBOX FAIL Grace',
}

async function counterparty(fail = false): Promise<string> {
  return (await ctx.api.counterparty(fail ? counterpartyBody({paymentMethod: FAILING_METHOD}) : {})).id
}

const create = (counterpartyId: string, extra: string[] = []) =>
  cli([
    'payouts',
    'create',
    '--amount',
    '25.00',
    '--currency',
    'EUR',
    '--description',
    'Licence',
    '--counterparty',
    counterpartyId,
    '--and-then',
    'pay',
    ...extra,
  ])

const approvedFor = async (counterpartyId: string): Promise<Body> => {
  const res = await ctx.api.post('/api/v2/payouts', {
    description: 'Licence',
    amount: '25.00',
    currency: 'EUR',
    counterpartyId,
  })
  await ctx.api.post(`/api/v2/payouts/${res.body.id}/approve`)
  return res.body
}

describe('a failed step is not a success', () => {
  it('create --and-then pay whose payment the bank declines exits 8 with the failure code and reason on stderr', async () => {
    const result = await create(await counterparty(true))
    expect(result.code).toBe(8)
    expect(result.stdout).toMatch(/^Status:\s+failed$/m)
    expect(result.stderr).toMatch(
      /^Error: PAYOUT_FAILED: the payout failed: payout_\S+: failed: account_closed: The recipient bank declined the transfer: the account is closed\.; fix the counterparty's payment method/m,
    )
  })

  it('create --and-then pay that settles exits 0; under --json the payout is on stdout and the error object on stderr', async () => {
    expect((await create(await counterparty())).code).toBe(0)
    const failed = await create(await counterparty(true), ['--json'])
    expect(failed.code).toBe(8)
    expect(JSON.parse(failed.stdout).status).toBe('failed')
    expect(JSON.parse(failed.stderr).error).toMatchObject({
      code: 'PAYOUT_FAILED',
      exitCode: 8,
      data: {failed: [{status: 'failed', failureCode: 'account_closed'}]},
    })
  })

  it('pay of two payouts where one fails exits 8 and names only the failed one', async () => {
    const good = await approvedFor(await counterparty())
    const bad = await approvedFor(await counterparty(true))
    const result = await cli(['payouts', 'pay', good.id, bad.id])
    expect(result.code).toBe(8)
    expect(result.stderr).toContain(`1 payout of 2 failed: ${bad.id}: failed: account_closed`)
    expect(result.stderr).not.toContain(`${good.id}:`)
  })
})

describe('payouts wait and --wait', () => {
  it('--wait on pay: settled ones exit 0 and the table shows them completed', async () => {
    const a = await approvedFor(await counterparty())
    const result = await cli(['payouts', 'pay', a.id, '--wait', '--timeout', '30s'])
    expect(result.code, result.stderr).toBe(0)
    // In a pipe the followed payouts are tab-separated: id, customId, status, amount, currency, …
    expect(result.stdout).toMatch(new RegExp(`^${a.id}\\t\\tcompleted\\t25.00\\tEUR\\t`, 'm'))
    expect(result.stderr).toContain('Waited for 1 payout: 1 completed.')
  })

  it('--wait on approve --and-then pay with a failure exits 8 and lists the failure', async () => {
    const ok = (
      await ctx.api.post('/api/v2/payouts', {
        description: 'a',
        amount: '1.00',
        currency: 'EUR',
        counterpartyId: await counterparty(),
      })
    ).body
    const ko = (
      await ctx.api.post('/api/v2/payouts', {
        description: 'b',
        amount: '2.00',
        currency: 'EUR',
        counterpartyId: await counterparty(true),
      })
    ).body
    const result = await cli(['payouts', 'approve', ok.id, ko.id, '--and-then', 'pay', '--wait', '--json'])
    expect(result.code).toBe(8)
    const payouts = JSON.parse(result.stdout)
    expect(payouts.map((p: Body) => p.status)).toEqual(['completed', 'failed'])
    expect(JSON.parse(result.stderr).error.data.failed).toEqual([
      expect.objectContaining({id: ko.id, failureCode: 'account_closed'}),
    ])
  })

  it('a payout that stays created times out: exit 7, naming what is pending and how to keep waiting', async () => {
    const payout = await ctx.api.v2Create()
    const result = await cli(['payouts', 'wait', payout.id, '--timeout', '1s'])
    expect(result.code).toBe(7)
    expect(result.stderr).toMatch(
      new RegExp(
        `^Error: WAIT_TIMEOUT: timed out after 1s: 1 of 1 payouts not final yet \\(created: 1\\); still pending: ${payout.id}; keep waiting: payctl payouts wait --until settled ${payout.id}$`,
        'm',
      ),
    )
    expect(result.stdout).toMatch(new RegExp(`^${payout.id}\\t\\tcreated\\t`, 'm'))
  })

  it('--until claim-link: a created payout with its link out is final (the recipient must claim): exit 0', async () => {
    const payout = await ctx.api.v2Create()
    const result = await cli(['payouts', 'send-claim-link', payout.id, '--wait'])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toContain('1 awaiting claim')
  })

  it('an expired payout is a failure (exit 8); an unknown id is not found (exit 4)', async () => {
    const payout = await ctx.api.v2Create()
    await ctx.api.post('/_emulator/clock', {advanceSeconds: 31 * 86_400}, {key: null})
    const expired = await cli(['payouts', 'wait', payout.id, '--timeout', '5s'])
    expect(expired.code).toBe(8)
    expect(expired.stderr).toContain(`${payout.id}: expired: it expired before it was paid`)
    const unknown = await cli(['payouts', 'wait', '--custom-id', 'no-such-payout', '--timeout', '5s'])
    expect(unknown.code).toBe(4)
  })

  it('without a terminal, one line per status change on stderr while waiting', async () => {
    const payout = (
      await ctx.api.post('/api/v2/payouts', {
        description: 'Licence',
        amount: '5.00',
        currency: 'EUR',
        counterpartyId: await counterparty(),
      })
    ).body
    const proxy = await new RecordingProxy(ctx.emu.url).start()
    try {
      const wait = runCli(['payouts', 'wait', payout.id, '--timeout', '60s'], {
        env: {...home.env, PAYCTL_ORIGIN: proxy.url, PAYCTL_API_KEY: FULL},
      })
      // A second read means the first one was answered (created); then it is approved and paid.
      await until(async () => proxy.count('GET', `/api/v2/payouts/${payout.id}`) > 1)
      await ctx.api.post(`/api/v2/payouts/${payout.id}/approve`, {andThen: 'pay'})
      const {code} = await wait
      expect(code, wait.stderr).toBe(0)
      expect(wait.stderr).toContain(`${payout.id}: created → completed\n`)
      expect(wait.stderr).toContain('Waited for 1 payout: 1 completed.')
    } finally {
      await proxy.stop()
    }
  })

  it('on a terminal a progress line shows the counts and the time left, and no per-change lines', async () => {
    const payout = await ctx.api.v2Create()
    const result = await runCliInTty(['payouts', 'wait', payout.id, '--timeout', '2s'], {
      env: {...home.env, PAYCTL_ORIGIN: ctx.emu.url, PAYCTL_API_KEY: FULL},
    })
    expect(result.code).toBe(7)
    expect(result.output).toMatch(/Waiting for 1 payout: 1 in flight \(time-out in \ds\)/)
    expect(result.output).not.toContain('→')
  })

  it('--timeout that is not a duration is a usage error naming the flag', async () => {
    const result = await cli(['payouts', 'wait', 'payout_00000000-0000-4000-8000-000000000000', '--timeout', 'soon'])
    expect(result.code).toBe(2)
    expect(result.stderr.trim()).toMatch(/^Error: .*--timeout.*"soon" is not a duration like 90s, 10m or 1h/)
  })

  it('--timeout without --wait would be ignored, so it is refused (exit 2) and nothing is sent', async () => {
    const payout = await ctx.api.v2Create()
    for (const args of [
      ['payouts', 'approve', payout.id, '--timeout', '30s'],
      ['payouts', 'pay', payout.id, '--timeout', '30s'],
      ['payouts', 'send-claim-link', payout.id, '--timeout', '30s'],
      ['payouts', 'import-status', 'payouts.csv', '--timeout', '30s'],
      ['payouts', 'import', 'payouts.csv', '--and-then', 'pay', '--timeout', '30s'],
      ['payouts', 'create', ...EMAIL_PAYOUT, '--timeout', '1m'],
    ]) {
      const result = await cli(args)
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stderr.trim()).toBe(
        `Error: USAGE: All of the following must be provided when using --timeout: --wait; see "payctl ${args[0]} ${args[1]} --help"`,
      )
    }
    expect((await ctx.api.get(`/api/v2/payouts/${payout.id}`)).body.status).toBe('created')
    expect((await ctx.api.get('/api/v2/payouts')).body.data).toHaveLength(1)
  })
})

describe('balances and the daily allowance', () => {
  /** Today's EUR allowance of the main team, resetting at the emulator clock's next midnight (UTC). */
  const allowanceUntilMidnight = async (amount: string) => {
    const now = (await ctx.api.get('/_emulator/clock', {key: null})).body.now as string
    const midnight = new Date(Date.parse(now))
    midnight.setUTCHours(24, 0, 0, 0)
    ctx.emu.app.store.teams.setAllowance(SEEDED.mainTeamId, 'EUR', amount, midnight.toISOString())
  }

  it('approve beyond the allowance left warns first, then the service refuses it: exit 6, nothing approved', async () => {
    await allowanceUntilMidnight('100.00')
    const payout = await ctx.api.v2Create({amount: '150.00'})
    const result = await cli(['payouts', 'approve', payout.id])
    expect(result.code).toBe(6)
    expect(result.stderr).toMatch(/^Warning: 150.00 EUR exceeds the 100.00 EUR left of today's allowance \(resets /m)
    expect(result.stderr).toMatch(/^Error: ALLOWANCE_EXCEEDED: /m)
    const accounts = await cli(['team', 'accounts'])
    expect(accounts.stdout).toMatch(/^EUR\s+10000.00 EUR\s+0.00 EUR\s+10000.00 EUR\s+100.00 EUR left of 100.00 EUR/m)
  })

  it('create --and-then pay beyond the allowance left warns before creating; the step is then refused', async () => {
    await allowanceUntilMidnight('10.00')
    const result = await create(await counterparty())
    expect(result.stderr).toMatch(/^Warning: 25.00 EUR exceeds the 10.00 EUR left of today's allowance \(resets /m)
    expect(result.stderr.indexOf('Warning: 25.00 EUR')).toBeLessThan(result.stderr.indexOf('Error:'))
    expect(result.code).toBe(6)
    expect(result.stderr).toMatch(/^Error: ALLOWANCE_EXCEEDED: /m)
  })
})

describe('team accounts', () => {
  it('shows total, reserved, available and the deposit IBAN per currency; --output csv for scripts', async () => {
    await approvedFor(await counterparty())
    const table = await cli(['team', 'accounts'])
    expect(table.code, table.stderr).toBe(0)
    expect(table.stdout).toMatch(/^EUR\s+10000.00 EUR\s+25.00 EUR\s+9975.00 EUR\s+none/m)
    expect(table.stdout).toMatch(/^ {2}IBAN:\s+DE\d{20}$/m)
    const csv = await cli(['team', 'accounts', '--output', 'csv'])
    expect(csv.stdout.split('\n').slice(0, 2)).toEqual([
      'currency,total,reserved,available,dailyAllowance,allowanceUsed,allowanceResets',
      'EUR,10000.00,25.00,9975.00,,,',
    ])
  })
})
