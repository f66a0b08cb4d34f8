import {beforeEach, describe, expect, it} from 'vitest'
import {isolatedHome} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'
import {type Body, FULL, v2Item} from './helpers.js'

/** `payctl emulator claim` with many payouts in one process: ids, "-" (stdin), --all-approved; per-id outcomes. */
describe('emulator claim: many payouts in one process', () => {
  const ctx = useEmulator()
  let home: {env: Record<string, string>}
  beforeEach(() => {
    home = isolatedHome()
  })
  const cli = (args: string[], input?: string) =>
    runCommand(['emulator', 'claim', ...args], {
      env: {...home.env, PAYCTL_ORIGIN: ctx.emu.url, PAYCTL_API_KEY: FULL},
      input,
    })

  /** `n` approved e-mail payouts (their claim link sent), in creation order. */
  async function approved(n: number, prefix: string): Promise<Body[]> {
    const items = Array.from({length: n}, (_, i) =>
      v2Item({customId: `${prefix}-${i}`, amount: '1.00', andThen: 'send-claim-link'}),
    )
    const res = await ctx.api.post('/api/v2/payouts/batch', {items})
    expect(res.status, res.text).toBe(200)
    return res.body.data
  }
  const statusOf = async (id: string) => (await ctx.api.get(`/api/v2/payouts/${id}`)).body.status

  it('claims 20 payouts given as arguments in one run, one line each, in order', async () => {
    const payouts = await approved(20, 'args')
    const ids = payouts.map(p => p.id)
    const result = await cli([...ids, '--method', 'paypal'])
    expect(result.code, result.stderr).toBe(0)
    const lines = result.stdout.trim().split('\n')
    expect(lines).toHaveLength(20)
    expect(lines).toEqual(ids.map(id => `Claimed ${id} with paypal ada@example.com: completed`))
    expect(result.stderr).toContain('20 of 20 payouts claimed.')
    for (const id of ids) expect(await statusOf(id)).toBe('completed')
  })

  it('reads ids from stdin with "-", applies the failure trigger to each, and answers a JSON array under --json', async () => {
    const payouts = await approved(3, 'stdin')
    const input = `${payouts.map(p => p.id.slice('payout_'.length)).join('\n')}\n`
    const result = await cli(['-', '--method', 'venmo', '--fail', '--json'], input)
    expect(result.code, result.stderr).toBe(0)
    const answered = JSON.parse(result.stdout)
    expect(answered.map((p: Body) => [p.id, p.status, p.failureCode])).toEqual(
      payouts.map(p => [p.id, 'failed', expect.any(String)]),
    )
  })

  it('--all-approved claims every approved payout with an e-mail or phone recipient, and no other', async () => {
    const waiting = await approved(4, 'all')
    const created = await ctx.api.v2Create({customId: 'still-created'})
    const counterparty = await ctx.api.counterparty()
    const direct = await ctx.api.post('/api/v2/payouts', {
      description: 'Licence',
      amount: '2.00',
      currency: 'EUR',
      counterpartyId: counterparty.id,
    })
    await ctx.api.post(`/api/v2/payouts/${direct.body.id}/approve`, {})
    const result = await cli(['--all-approved', '--json'])
    expect(result.code, result.stderr).toBe(0)
    expect(
      JSON.parse(result.stdout)
        .map((p: Body) => p.id)
        .sort(),
    ).toEqual(waiting.map(p => p.id).sort())
    expect(await statusOf(created.id)).toBe('created')
    expect(await statusOf(direct.body.id)).toBe('approved')

    const none = await cli(['--all-approved'])
    expect(none.code, none.stderr).toBe(0)
    expect(none.stdout).toBe('')
    expect(none.stderr).toContain('No approved payout to claim.')
  })

  it('a refused claim does not stop the others: each is named with its reason, exit 8', async () => {
    const [first, second] = await approved(2, 'partial')
    expect((await ctx.api.claim(first.id, 'paypal', {email: 'x@example.com'})).status).toBe(200)
    const result = await cli([first.id, second.id, '--json'])
    expect(result.code).toBe(8)
    expect(JSON.parse(result.stdout).map((p: Body) => p.id)).toEqual([second.id])
    const error = JSON.parse(result.stderr).error
    expect(error).toMatchObject({code: 'PARTIAL', data: {claimed: 1, failed: [{id: first.id, code: 'INVALID_STATE'}]}})

    const human = await cli([first.id, second.id])
    expect(human.code).toBe(5)
    expect(human.stderr).toContain(`Refused ${first.id}: INVALID_STATE: `)
    expect(human.stderr).toMatch(/Error: INVALID_STATE: 2 of 2 claims refused/)
  })

  it('refuses ids together with --all-approved, and a malformed id before anything is claimed (exit 2)', async () => {
    const [payout] = await approved(1, 'usage')
    expect((await cli([payout.id, '--all-approved'])).code).toBe(2)
    const bad = await cli([payout.id, 'nonsense'])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('"nonsense" is not a payout id')
    expect(await statusOf(payout.id)).toBe('approved')
  })
})
