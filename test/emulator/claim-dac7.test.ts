import {describe, expect, it} from 'vitest'
import {isolatedHome} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'
import {mint, Visitor} from '../hosted/helpers.js'

/**
 * `POST /_emulator/payouts/{id}/claim` and `payctl emulator claim` run the claim page's DAC7 step (one rule,
 * `domain/dac7-step.ts`): with the team reporting under DAC7, an EU resident gives a tax identity first.
 */
describe('claim through the control route and the CLI: the DAC7 step', () => {
  const ctx = useEmulator()
  const IBAN = {accountHolderName: 'Ada Lovelace', iban: 'DE89370400440532013000'}
  const dac7 = async (on: boolean) =>
    expect((await ctx.api.patch('/api/v1/team', {dac7ReportingRequired: on})).status).toBe(200)
  const claimBody = (extra: Record<string, unknown> = {}) => ({method: 'bank-iban', details: IBAN, ...extra})

  it('refuses without the tax residence, checks the tax identity by the country rules, records it, and the page then asks nothing', async () => {
    await dac7(true)
    const payout = await ctx.api.v1Create({customId: 'dac7-1', preApproved: true})
    const claim = (body: unknown) => ctx.api.post(`/_emulator/payouts/${payout.id}/claim`, body, {key: null})

    const missing = await claim(claimBody())
    expect(missing.status).toBe(400)
    expect(missing.body.error.details).toEqual([{path: 'taxResidence', message: expect.stringContaining('DAC7')}])
    const badCountry = await claim(claimBody({taxResidence: {country: 'XX'}}))
    expect(badCountry.body.error.details[0].path).toBe('taxResidence.country')
    const noIdentity = await claim(claimBody({taxResidence: {country: 'DE'}}))
    expect(noIdentity.status).toBe(400)
    expect(noIdentity.body.error.details.map((d: {path: string}) => d.path)).toEqual([
      'taxResidence.taxIdentity.taxId',
      'taxResidence.taxIdentity.dateOfBirth',
    ])
    const badFormat = await claim(
      claimBody({taxResidence: {country: 'DE', taxIdentity: {taxId: '1234', dateOfBirth: '1990-04-30'}}}),
    )
    expect(badFormat.body.error.details).toEqual([
      {path: 'taxResidence.taxIdentity.taxId', message: 'does not match the rules of the country'},
    ])
    const unknownField = await claim(claimBody({taxResidence: {country: 'DE', taxIdentity: {shoeSize: '42'}}}))
    expect(unknownField.body.error.details[0].path).toBe('taxResidence.taxIdentity.shoeSize')
    const notAsked = await claim(claimBody({taxResidence: {country: 'DE', taxIdentity: {vatNumber: 'DE123456789'}}}))
    expect(notAsked.body.error.details.map((d: {path: string}) => d.path)).toEqual([
      'taxResidence.taxIdentity.vatNumber',
    ])
    expect((await ctx.api.get(`/api/v1/payout/${payout.id}`)).body.status).toBe('approved')

    const ok = await claim(
      claimBody({taxResidence: {country: 'DE', taxIdentity: {taxId: '12345678901', dateOfBirth: '1990-04-30'}}}),
    )
    expect(ok.status, ok.text).toBe(200)
    expect(ok.body.status).toBe('completed')
    const recipient = (await ctx.api.get('/api/v2/counterparties')).body.data.find(
      (c: {email?: string}) => c.email === 'ada@example.com',
    )
    expect(recipient).toMatchObject({
      address: {country: 'DE'},
      taxIdentity: {taxId: '12345678901', dateOfBirth: '1990-04-30'},
    })

    // The same recipient, next payout: recorded once, asked no more, on the page or the route.
    const next = await ctx.api.v1Create({customId: 'dac7-2', preApproved: true})
    const visitor = new Visitor()
    const page = await visitor.signIn(
      await mint(ctx.api, 'payout', {payoutId: next.id, redirectUrl: 'http://127.0.0.1:9/'}),
      'ada@example.com',
    )
    expect(page.html).not.toContain('Your tax residence')
    expect(page.html).toContain('Claim your payout')
    const again = await ctx.api.post(`/_emulator/payouts/${next.id}/claim`, claimBody(), {key: null})
    expect(again.status, again.text).toBe(200)
  })

  it('a resident of another country gives no tax identity; with DAC7 off nothing is asked', async () => {
    await dac7(true)
    const payout = await ctx.api.v1Create({customId: 'dac7-us', preApproved: true, email: 'grace@example.com'})
    const ok = await ctx.api.post(
      `/_emulator/payouts/${payout.id}/claim`,
      claimBody({taxResidence: {country: 'other'}}),
      {key: null},
    )
    expect(ok.status, ok.text).toBe(200)
    await dac7(false)
    const plain = await ctx.api.v1Create({customId: 'dac7-off', preApproved: true, email: 'lin@example.com'})
    expect((await ctx.api.post(`/_emulator/payouts/${plain.id}/claim`, claimBody(), {key: null})).status).toBe(200)
  })

  it('payctl emulator claim takes --tax-residence and --tax-identity; without them it exits with the field named', async () => {
    await dac7(true)
    const env = {...isolatedHome().env, PAYCTL_ORIGIN: ctx.api.url}
    const payout = await ctx.api.v1Create({customId: 'dac7-cli', preApproved: true})
    const refused = await runCommand(['emulator', 'claim', payout.id, '--method', 'bank-iban'], {env})
    expect(refused.code).not.toBe(0)
    expect(refused.stderr).toContain('taxResidence')
    const lonely = await runCommand(
      ['emulator', 'claim', payout.id, '--method', 'bank-iban', '--tax-identity', 'taxId=1'],
      {env},
    )
    expect(lonely).toMatchObject({code: 2})
    expect(lonely.stderr).toContain('--tax-identity needs --tax-residence')
    const done = await runCommand(
      [
        'emulator',
        'claim',
        payout.id,
        '--method',
        'bank-iban',
        '--tax-residence',
        'DE',
        '--tax-identity',
        'taxId=12345678901',
        '--tax-identity',
        'dateOfBirth=1990-04-30',
        '--json',
      ],
      {env},
    )
    expect(done.code, done.stderr).toBe(0)
    expect(JSON.parse(done.stdout)).toMatchObject({id: payout.id, status: 'completed'})
  })
})
