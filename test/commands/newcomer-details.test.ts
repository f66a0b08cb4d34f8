import {describe, expect, it} from 'vitest'
import {givenTogether} from '../../src/services/payouts/payout-plans.js'
import {FULL} from '../emulator/helpers.js'
import {isolatedHome} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {runCommand} from '../helpers/run-command.js'

/** The smaller things a newcomer meets (issue #34, item 12). */

const ctx = useEmulator()
const home = isolatedHome()
const cli = (args: string[]) => runCommand(args, {env: {...home.env, PAYCTL_ORIGIN: ctx.emu.url, PAYCTL_API_KEY: FULL}})

describe('wording', () => {
  it('two recipients were both given, three all given', async () => {
    const result = await cli([
      'payouts',
      'create',
      '--amount',
      '5',
      '--currency',
      'EUR',
      '--description',
      'x',
      '--email',
      'a@example.com',
      '--phone',
      '+33612345678',
    ])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('give one recipient: --email and --phone were both given')
    expect(givenTogether(['--email', '--phone', '--counterparty'])).toBe(
      '--email, --phone and --counterparty were all given',
    )
  })

  it('team get and team accounts name the same deposit alike', async () => {
    const get = await cli(['team', 'get'])
    const accounts = await cli(['team', 'accounts'])
    const title = /^EUR: .*$/m
    expect(get.stdout.match(title)?.[0]).toBe('EUR: SEPA (IBAN), dedicated account')
    expect(accounts.stdout.match(title)?.[0]).toBe('EUR: SEPA (IBAN), dedicated account')
    // SEPA is euro-only: the USD account's IBAN is a bank transfer (issue 42).
    const usd = /^USD: .*$/m
    expect(get.stdout.match(usd)?.[0]).toBe('USD: Bank transfer (IBAN), dedicated account')
    expect(accounts.stdout.match(usd)?.[0]).toBe('USD: Bank transfer (IBAN), dedicated account')
  })

  it('csv headers are the camelCase field names in every export', async () => {
    await ctx.api.counterparty()
    const counterparties = await cli(['counterparties', 'list', '-o', 'csv'])
    expect(counterparties.stdout.split('\n')[0]).toBe('id,customId,name,email,country,paymentMethod,missing,createdAt')
  })
})
