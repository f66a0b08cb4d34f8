import {describe, expect, it} from 'vitest'
import {useEmulator} from '../helpers/emulator.js'
import {counterpartyBody} from './helpers.js'

/** Spec 1 failure triggers on direct pay, per counterparty payment method: declined at once, reservation released. */
describe('counterparty pay: sandbox failure triggers per method', () => {
  const ctx = useEmulator()
  const holder = 'SANDBOX FAIL Grace'
  const methods: Array<[string, string, Record<string, string>]> = [
    ['bank_iban', 'account_closed', {iban: 'DE89370400440532013000', currency: 'EUR', accountHolderName: holder}],
    [
      'bank_swift',
      'account_closed',
      {bic: 'DEUTDEFF', accountNumber: '12345678', currency: 'USD', accountHolderName: holder},
    ],
    [
      'bank_ach',
      'account_closed',
      {routingNumber: '123456789', accountNumber: '1234', currency: 'USD', accountHolderName: holder},
    ],
    [
      'bank_uk',
      'account_closed',
      {sortCode: '123456', accountNumber: '12345678', currency: 'GBP', accountHolderName: holder},
    ],
    [
      'crypto',
      'invalid_destination',
      {address: '0x000000000000000000000000000000000000dEaD', asset: 'USDC', currency: 'USD'},
    ],
  ]

  it.each(methods)(
    '%s: pay is declined (%s), the reservation released; after a fix it is paid',
    async (type, code, fields) => {
      const currency = fields.currency
      if (currency === 'GBP') await ctx.api.post('/api/v2/team/sandbox-deposit', {currency, amount: '100.00'})
      const counterparty = await ctx.api.counterparty(counterpartyBody({paymentMethod: {type, ...fields}}))
      const created = await ctx.api.post('/api/v2/payouts', {
        description: 'Licence',
        amount: '10.00',
        currency,
        counterpartyId: counterparty.id,
        andThen: 'pay',
      })
      expect(created.status, created.text).toBe(200)
      expect(created.body).toMatchObject({status: 'failed', failureCode: code})
      const account = (await ctx.api.get('/api/v2/accounts')).body.data.find(
        (a: {currency: string}) => a.currency === currency,
      )
      expect(account.balance.reserved).toMatch(/^0\.00$/)
      const fixed = {
        ...fields,
        ...(type === 'crypto'
          ? {address: '0x1111111111111111111111111111111111111111'}
          : {accountHolderName: 'Grace Hopper'}),
      }
      expect(
        (await ctx.api.patch(`/api/v2/counterparties/${counterparty.id}`, {paymentMethod: {type, ...fixed}})).status,
      ).toBe(200)
      const paid = await ctx.api.post(`/api/v2/payouts/${created.body.id}/pay`)
      expect(paid.body.status).toBe('completed')
    },
  )
})
