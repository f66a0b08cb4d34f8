import {beforeEach, describe, expect, it} from 'vitest'
import {counterpartyBody, FULL} from '../emulator/helpers.js'
import {EMAIL_PAYOUT, isolatedHome} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'
import {runCliInTty} from '../helpers/tty.js'

/**
 * Money-moving commands on a production profile (here: a profile declared production that points at the
 * emulator): without a TTY they need --yes (exit 2 otherwise, nothing sent); on a TTY they ask, showing the
 * count and the totals per currency.
 */

const ctx = useEmulator()
let env: Record<string, string>

beforeEach(async () => {
  const home = isolatedHome()
  env = {...home.env, PAYCTL_API_KEY: FULL}
  const added = await runCommand(
    ['profiles', 'add', 'prod', '--environment', 'production', '--origin', ctx.emu.url, '--use'],
    {
      env,
    },
  )
  expect(added.code, added.stderr).toBe(0)
})

const status = async (id: string) => (await ctx.api.get(`/api/v2/payouts/${id}`)).body.status

describe('production confirmation', () => {
  it('approve without a TTY and without --yes exits 2 and sends nothing', async () => {
    const payout = await ctx.api.v2Create()
    const result = await runCommand(['payouts', 'approve', payout.id], {env})
    expect(result.code).toBe(2)
    expect(result.stderr.trim()).toBe(
      'Error: USAGE: refusing to approve a payout (1 item, 10.00 EUR) on PRODUCTION without confirmation; add --yes to confirm in scripts',
    )
    expect(await status(payout.id)).toBe('created')
  })

  it('approve with --yes goes ahead', async () => {
    const payout = await ctx.api.v2Create()
    const result = await runCommand(['payouts', 'approve', payout.id, '--yes'], {env})
    expect(result.code, result.stderr).toBe(0)
    expect(await status(payout.id)).toBe('approved')
  })

  it('pay, pre-approved create and --and-then pay are refused the same way without --yes', async () => {
    const counterparty = await ctx.api.counterparty(counterpartyBody())
    const approved = await ctx.api.post('/api/v2/payouts', {
      description: 'x',
      amount: '3.00',
      currency: 'EUR',
      counterpartyId: counterparty.id,
    })
    await ctx.api.post(`/api/v2/payouts/${approved.body.id}/approve`)
    const runs = [
      ['payouts', 'pay', approved.body.id],
      ['payouts', 'create', ...EMAIL_PAYOUT, '--pre-approved'],
      [
        'payouts',
        'create',
        '--amount',
        '5',
        '--currency',
        'EUR',
        '--description',
        'x',
        '--counterparty',
        counterparty.id,
        '--and-then',
        'pay',
      ],
      ['payouts', 'approve', approved.body.id, '--and-then', 'pay', '--json'],
    ]
    for (const args of runs) {
      const result = await runCommand(args, {env})
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stderr, args.join(' ')).toMatch(/refusing to .* on PRODUCTION without confirmation/)
    }
    expect(await status(approved.body.id)).toBe('approved')
    expect(await ctx.api.v1Count()).toBe(1)
  })

  it('a sandbox profile never asks', async () => {
    const payout = await ctx.api.v2Create()
    const result = await runCommand(['payouts', 'approve', payout.id, '--profile', 'local'], {
      env: {...env, PAYCTL_ORIGIN: ctx.emu.url},
    })
    expect(result.code, result.stderr).toBe(0)
    expect(await status(payout.id)).toBe('approved')
  })

  it('on a TTY it asks with the count and the totals per currency; "y" approves', async () => {
    const a = await ctx.api.v2Create({amount: '12.50'})
    const b = await ctx.api.v2Create({amount: '7.25', currency: 'USD'})
    const c = await ctx.api.v2Create({amount: '0.50'})
    const result = await runCliInTty(['payouts', 'approve', a.id, b.id, c.id], {
      env,
      prompt: 'PRODUCTION?',
      answer: 'y\r',
    })
    expect(result.code, result.output).toBe(0)
    expect(result.output).toContain('Approve payouts (3 items, 13.00 EUR, 7.25 USD) on PRODUCTION?')
    expect(result.output).toContain('Approved 3 payouts.')
    expect([await status(a.id), await status(b.id), await status(c.id)]).toEqual(['approved', 'approved', 'approved'])
  })

  it('on a TTY the default answer is no: nothing is sent, exit 2', async () => {
    const payout = await ctx.api.v2Create({amount: '99.99'})
    const result = await runCliInTty(['payouts', 'pay', payout.id], {env, prompt: 'PRODUCTION?', answer: '\r'})
    expect(result.code).toBe(2)
    expect(result.output).toContain('Pay a payout (1 item, 99.99 EUR) on PRODUCTION?')
    expect(result.output).toContain('cancelled: nothing was sent')
    expect(await status(payout.id)).toBe('created')
  })

  it('on a TTY a pre-approved create shows its amount and is created after "y"', async () => {
    const result = await runCliInTty(
      [
        'payouts',
        'create',
        '--amount',
        '40',
        '--currency',
        'USD',
        '--description',
        'x',
        '--email',
        'a@example.com',
        '--pre-approved',
      ],
      {env, prompt: 'PRODUCTION?', answer: 'y\r'},
    )
    expect(result.code, result.output).toBe(0)
    expect(result.output).toContain('Create a pre-approved payout (1 item, 40.00 USD) on PRODUCTION?')
    const [payout] = (await ctx.api.get('/api/v1/payouts')).body
    expect(payout).toMatchObject({status: 'approved', amount: '40.00', currency: 'USD'})
  })
})
