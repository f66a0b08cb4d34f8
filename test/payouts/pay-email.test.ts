import {describe, expect, it} from 'vitest'
import {FULL} from '../emulator/helpers.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'

/**
 * Issue 42: `payouts pay` on an approved e-mail or phone payout does what `--and-then pay` does for one: it
 * sends the claim link (the recipient's claim pays it) and says so, instead of exit 5.
 */

const ctx = useEmulator()
const env = () => ({...ctx.env, PAYCTL_API_KEY: FULL})

async function approved(fields: Record<string, unknown>) {
  const body = {description: 'Licence', amount: '10.00', currency: 'EUR', ...fields}
  const payout = (await ctx.api.post('/api/v2/payouts', body)).body
  const res = await ctx.api.post(`/api/v2/payouts/${payout.id}/approve`)
  expect(res.status, res.text).toBe(200)
  return payout
}

describe('payouts pay on e-mail payouts', () => {
  it('one approved e-mail payout: its claim link is sent, exit 0, and stderr says what happens', async () => {
    const payout = await approved({recipient: {type: 'email', email: 'claimer@example.com'}})
    const result = await runCommand(['payouts', 'pay', payout.id], {env: env()})
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toContain(
      "E-mail or phone recipient: sent the claim link of 1 payout instead of paying: the recipient's claim pays it.",
    )
    const after = (await ctx.api.get(`/api/v2/payouts/${payout.id}`)).body
    expect(after).toMatchObject({status: 'approved', claimLinkSentAt: expect.any(String)})
  })

  it('a mixed batch: the counterparty payout is paid, the e-mail one gets its claim link', async () => {
    const counterparty = await ctx.api.counterparty()
    const direct = await approved({counterpartyId: counterparty.id})
    const byEmail = await approved({recipient: {type: 'email', email: 'claimer@example.com'}})
    const result = await runCommand(['payouts', 'pay', direct.id, byEmail.id, '--json'], {env: env()})
    expect(result.code, result.stderr).toBe(0)
    const shown = JSON.parse(result.stdout) as Array<{id: string; status: string}>
    expect(shown.map(p => p.id).sort()).toEqual([direct.id, byEmail.id].sort())
    expect((await ctx.api.get(`/api/v2/payouts/${direct.id}`)).body.status).not.toBe('approved')
    expect((await ctx.api.get(`/api/v2/payouts/${byEmail.id}`)).body.claimLinkSentAt).toEqual(expect.any(String))
  })
})
