import {describe, expect, it} from 'vitest'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'
import {MEMBER, mint, textOf, Visitor} from './helpers.js'

/** What the approval page shows as the destination, and how it follows the counterparty (issue 54). */

const REDIRECT = 'http://127.0.0.1:9/back'

describe('the approval page: where the money goes', () => {
  const ctx = useEmulator()

  it('a counterparty deleted after the view: the click approves nothing and the page, payouts get and the line say it is gone', async () => {
    const counterparty = await ctx.api.counterparty()
    const payout = await ctx.api.v2Create({recipient: undefined, counterpartyId: counterparty.id})
    const url = await mint(ctx.api, 'approval', {payoutIds: [payout.id.slice(7)], redirectUrl: REDIRECT})
    const member = new Visitor()
    await member.signIn(url, MEMBER)
    expect(textOf(member.last)).toContain(
      'Not paid before Bank transfer (IBAN) DE89 3704 •••• 3000 (holder Grace Hopper)',
    )
    expect((await ctx.api.delete(`/api/v2/counterparties/${counterparty.id}`)).status).toBe(200)

    const deleted = `counterparty ${counterparty.id} deleted: it cannot be paid`
    const clicked = await member.post(`${url}/approve`, {})
    expect(clicked.status).toBe(409)
    expect(textOf(clicked.html)).toContain(`→ ${deleted}`)
    expect(textOf(clicked.html)).toContain('Nothing was approved')
    expect(/<td class="destination"[^>]*>([^<]*)</.exec(clicked.html)?.[1]).toBe(deleted)
    expect((await ctx.api.get(`/api/v2/payouts/${payout.id}`)).body.status).toBe('created')
    const shown = await runCommand(['payouts', 'get', payout.id], {env: {...ctx.home.env, PAYCTL_ORIGIN: ctx.url}})
    expect(shown.stdout).toMatch(new RegExp(`Destination: +${deleted}\\n`))
  })
})
