import {describe, expect, it} from 'vitest'
import {SEEDED} from '../../src/emulator/domain/seed.js'
import {type Body, counterpartyBody, FULL} from '../emulator/helpers.js'
import {runCli} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {useHoldingProxy} from '../helpers/holding-proxy.js'
import {runCommand} from '../helpers/run-command.js'

/**
 * `payouts approve|pay --skip-conflicts|--within-balance`: explicit choices to apply the step to what fits, end to
 * end against the emulator. The balance and allowance are set in the emulator's store (as its hosted pages and
 * deposits do), so that exactly two of three payouts fit.
 */

const ctx = useEmulator()
const proxied = useHoldingProxy(ctx)
const TEAM = SEEDED.mainTeamId

const cli = (args: string[], input?: string) =>
  runCommand(args, {env: {...proxied.home.env, PAYCTL_ORIGIN: ctx.emu.url, PAYCTL_API_KEY: FULL}, input})

const statusOf = async (id: string) => (await ctx.api.get(`/api/v2/payouts/${id}`)).body.status

/** Sets the EUR account so that `available` is free (nothing reserved) and, optionally, today's allowance left. */
async function eurRoom(available: string, allowance?: string) {
  const store = ctx.emu.app.store.teams
  store.setBalance(TEAM, 'EUR', available, '0')
  if (allowance === undefined) return
  const now = (await ctx.api.get('/_emulator/clock', {key: null})).body.now as string
  const midnight = new Date(Date.parse(now))
  midnight.setUTCHours(24, 0, 0, 0)
  store.setAllowance(TEAM, 'EUR', allowance, midnight.toISOString())
}

const created = async (n: number, prefix = 'fit'): Promise<Body[]> => {
  const out: Body[] = []
  for (let i = 0; i < n; i++) out.push(await ctx.api.v2Create({amount: '10.00', customId: `${prefix}-${i}`}))
  return out
}

/** `n` approved counterparty payouts (to a bank that accepts), ready to pay. */
async function approvedCounterpartyPayouts(n: number): Promise<Body[]> {
  const counterparty = await ctx.api.counterparty()
  const out: Body[] = []
  for (let i = 0; i < n; i++) {
    const body = {description: 'Licence', amount: '10.00', currency: 'EUR', counterpartyId: counterparty.id}
    const res = await ctx.api.post('/api/v2/payouts', body)
    expect((await ctx.api.post(`/api/v2/payouts/${res.body.id}/approve`)).status).toBe(200)
    out.push(res.body)
  }
  return out
}

/** `n` counterparty payouts that failed at settlement (their bank declined), so paying them again needs funds. */
async function failedCounterpartyPayouts(n: number): Promise<Body[]> {
  const counterparty = await ctx.api.counterparty(
    counterpartyBody({
      paymentMethod: {
        type: 'bank_iban',
        iban: 'DE89370400440532013000',
        currency: 'EUR',
        accountHolderName: 'SANDBOX FAIL Grace',
      },
    }),
  )
  const out: Body[] = []
  for (let i = 0; i < n; i++) {
    const res = await ctx.api.post('/api/v2/payouts', {
      description: 'Licence',
      amount: '10.00',
      currency: 'EUR',
      counterpartyId: counterparty.id,
      andThen: 'pay',
    })
    expect(res.status, res.text).toBe(200)
    expect(await statusOf(res.body.id)).toBe('failed')
    out.push(res.body)
  }
  return out
}

const skippedOf = (stderr: string) =>
  JSON.parse(stderr.split('\n').find(line => line.startsWith('{"skipped"')) ?? '{}').skipped

describe('payouts approve --skip-conflicts', () => {
  it('approves every approvable id and names the one approved elsewhere since the list, with its state (exit 0)', async () => {
    const [a, b, c] = await created(3)
    expect((await ctx.api.post(`/api/v2/payouts/${b.id}/approve`)).status).toBe(200)

    const strict = await cli(['payouts', 'approve', a.id, b.id, c.id])
    expect(strict.code).toBe(5)
    expect(await statusOf(a.id)).toBe('created')

    const result = await cli(['payouts', 'approve', '-', '--skip-conflicts', '--json'], `${a.id}\n${b.id}\n${c.id}\n`)
    expect(result.code, result.stderr).toBe(0)
    expect(JSON.parse(result.stdout).map((p: Body) => [p.id, p.status])).toEqual([
      [a.id, 'approved'],
      [c.id, 'approved'],
    ])
    expect(skippedOf(result.stderr)).toEqual([
      {id: b.id, status: 'approved', kind: 'conflict', reason: 'is approved; only created payouts are approved'},
    ])
  })

  it('human output names the skipped payouts on stderr; one id skipped prints nothing on stdout', async () => {
    const [a, b] = await created(2)
    expect((await ctx.api.delete(`/api/v2/payouts/${a.id}`)).status).toBe(200)
    const result = await cli(['payouts', 'approve', a.id, b.id, '--skip-conflicts'])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toContain('Approved 1 payout; skipped 1.')
    expect(result.stderr).toContain(`Skipped 1 payout:\n  ${a.id}  not found  conflict: does not exist (deleted?)`)
    expect(await statusOf(b.id)).toBe('approved')

    const again = await cli(['payouts', 'approve', b.id, '--skip-conflicts', '--json'])
    expect(again.code, again.stderr).toBe(0)
    expect(again.stdout).toBe('')
    expect(skippedOf(again.stderr)).toMatchObject([{id: b.id, status: 'approved'}])
  })
})

describe('payouts approve --within-balance', () => {
  it('balance for 2 of 3: approves exactly the first two, in order, and lists the third with the reason', async () => {
    const payouts = await created(3)
    await eurRoom('25.00')
    const strict = await cli(['payouts', 'approve', ...payouts.map(p => p.id)])
    expect(strict.code).toBe(6)

    const result = await cli(['payouts', 'approve', ...payouts.map(p => p.id), '--within-balance', '--json'])
    expect(result.code, result.stderr).toBe(0)
    expect(JSON.parse(result.stdout).map((p: Body) => p.id)).toEqual([payouts[0].id, payouts[1].id])
    expect(skippedOf(result.stderr)).toEqual([
      {id: payouts[2].id, status: 'created', kind: 'balance', reason: 'needs 10.00 EUR; 5.00 EUR available left'},
    ])
    expect(await statusOf(payouts[2].id)).toBe('created')
  })

  it('allowance for 2 of 3: the same, naming the allowance; a smaller later payout does not jump the queue', async () => {
    const [a, b, c] = await created(3)
    const small = await ctx.api.v2Create({amount: '1.00', customId: 'fit-small'})
    await eurRoom('1000.00', '25.00')
    const result = await cli(['payouts', 'approve', a.id, b.id, c.id, small.id, '--within-balance'])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toContain(
      `  ${c.id}  created  allowance: needs 10.00 EUR; 5.00 EUR of today's allowance left`,
    )
    expect(result.stderr).toContain(`  ${small.id}  created  allowance: needs 1.00 EUR; an earlier EUR payout`)
    expect(await Promise.all([a, b, c, small].map(p => statusOf(p.id)))).toEqual([
      'approved',
      'approved',
      'created',
      'created',
    ])
  })
})

describe('payouts pay --skip-conflicts / --within-balance', () => {
  it('pays the payable ones and names the one paid elsewhere and the e-mail payout with their states', async () => {
    const payouts = await approvedCounterpartyPayouts(3)
    expect((await ctx.api.post(`/api/v2/payouts/${payouts[1].id}/pay`)).status).toBe(200)
    expect(await statusOf(payouts[1].id)).toBe('completed')
    const email = await ctx.api.v2Create({customId: 'fit-email'})
    expect((await ctx.api.post(`/api/v2/payouts/${email.id}/approve`)).status).toBe(200)
    const ids = [payouts[0].id, payouts[1].id, payouts[2].id, email.id]

    const result = await cli(['payouts', 'pay', ...ids, '--skip-conflicts', '--json'])
    expect(result.code, result.stderr).toBe(0)
    expect(JSON.parse(result.stdout).map((p: Body) => p.id)).toEqual([payouts[0].id, payouts[2].id])
    expect(skippedOf(result.stderr)).toEqual([
      {
        id: payouts[1].id,
        status: 'completed',
        kind: 'conflict',
        reason: 'is completed; only approved or failed payouts are paid',
      },
      {
        id: email.id,
        status: 'approved',
        kind: 'conflict',
        reason: 'goes to an e-mail or phone recipient, who is paid on claiming it',
      },
    ])
  })

  it('--wait follows the payouts it paid, not the skipped ones', async () => {
    const payouts = await approvedCounterpartyPayouts(2)
    expect((await ctx.api.post(`/api/v2/payouts/${payouts[0].id}/pay`)).status).toBe(200)
    const result = await cli(['payouts', 'pay', payouts[0].id, payouts[1].id, '--skip-conflicts', '--wait', '--json'])
    expect(result.code, result.stderr).toBe(0)
    expect(JSON.parse(result.stdout).map((p: Body) => [p.id, p.status])).toEqual([[payouts[1].id, 'completed']])
    expect(skippedOf(result.stderr)).toMatchObject([{id: payouts[0].id, status: 'completed'}])

    // Every payout left out: nothing to follow and nothing on stdout, as without --wait.
    const none = await cli(['payouts', 'pay', payouts[0].id, payouts[1].id, '--skip-conflicts', '--wait', '--json'])
    expect(none.code, none.stderr).toBe(0)
    expect(none.stdout).toBe('')
    expect(skippedOf(none.stderr)).toHaveLength(2)
  })

  it('balance for 2 of 3 failed payouts: pays exactly the first two again; allowance likewise', async () => {
    const payouts = await failedCounterpartyPayouts(3)
    await eurRoom('25.00')
    const result = await cli(['payouts', 'pay', ...payouts.map(p => p.id), '--within-balance', '--json'])
    expect(result.code).toBe(8) // the bank declines them again: failures are named as without the flags
    expect(JSON.parse(result.stdout).map((p: Body) => p.id)).toEqual([payouts[0].id, payouts[1].id])
    expect(skippedOf(result.stderr)).toMatchObject([{id: payouts[2].id, kind: 'balance'}])

    await eurRoom('1000.00', '25.00')
    const allowance = await cli(['payouts', 'pay', ...payouts.map(p => p.id), '--within-balance', '--json'])
    expect(JSON.parse(allowance.stdout).map((p: Body) => p.id)).toEqual([payouts[0].id, payouts[1].id])
    expect(skippedOf(allowance.stderr)).toMatchObject([{id: payouts[2].id, kind: 'allowance'}])
  })
})

describe('a payout that changes between the read and the call', () => {
  /** Runs approve through a proxy that holds the approve call while `meanwhile` changes the emulator. */
  async function approveWhileChanged(args: string[], meanwhile: () => Promise<void>) {
    const {env, held, arm} = await proxied.start(
      (method, url) => method === 'POST' && url === '/api/v2/payouts/approve',
    )
    arm()
    const running = runCli(['payouts', 'approve', ...args, '--json'], {env})
    await held.held
    await meanwhile()
    held.release()
    return running
  }

  it('--skip-conflicts: the service refuses the one approved meanwhile at its index; the rest is sent again', async () => {
    const [a, b, c] = await created(3, 'race')
    const result = await approveWhileChanged([a.id, b.id, c.id, '--skip-conflicts'], async () => {
      expect((await ctx.api.post(`/api/v2/payouts/${b.id}/approve`)).status).toBe(200)
    })
    expect(result.code, result.stderr).toBe(0)
    expect(JSON.parse(result.stdout).map((p: Body) => p.id)).toEqual([a.id, c.id])
    expect(skippedOf(result.stderr)).toEqual([
      {id: b.id, status: 'approved', kind: 'conflict', reason: 'is approved; only created payouts are approved'},
    ])
    const calls = proxied.proxy.calls('POST', '/api/v2/payouts/approve').map(call => JSON.parse(call.body).ids)
    expect(calls).toEqual([
      [a.id, b.id, c.id],
      [a.id, c.id],
    ])
  })

  it('--within-balance: a balance that shrank meanwhile leaves out the payout the service refused and the later ones', async () => {
    const [a, b, c] = await created(3, 'shrink')
    await eurRoom('100.00')
    const result = await approveWhileChanged([a.id, b.id, c.id, '--within-balance'], () => eurRoom('15.00'))
    expect(result.code, result.stderr).toBe(0)
    expect(JSON.parse(result.stdout).map((p: Body) => p.id)).toEqual([a.id])
    expect(skippedOf(result.stderr)).toEqual([
      {id: b.id, status: 'created', kind: 'balance', reason: 'the service answered INSUFFICIENT_BALANCE'},
      {id: c.id, status: 'created', kind: 'balance', reason: 'the service answered INSUFFICIENT_BALANCE'},
    ])
    expect(await statusOf(c.id)).toBe('created')
  })

  it('without the flags the same change fails the whole call, as before (exit 5, nothing approved)', async () => {
    const [a, b] = await created(2, 'strict')
    const result = await approveWhileChanged([a.id, b.id], async () => {
      expect((await ctx.api.post(`/api/v2/payouts/${b.id}/approve`)).status).toBe(200)
    })
    expect(result.code).toBe(5)
    expect(await statusOf(a.id)).toBe('created')
  })
})
