import {describe, expect, it} from 'vitest'
import {destinationOf, payoutMethodDecides} from '../../src/contract/destination.js'

/** The destination line: the payment method the money takes wins over the counterparty's and over the address. */

const ADA = {
  identity: {type: 'individual', firstName: 'Ada', lastName: 'Lovelace'},
  paymentMethod: {type: 'bank_iban', currency: 'EUR', iban: 'DE89370400440532013000'},
}
const CP = 'counterparty_0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f'
const PAYPAL = {type: 'paypal', currency: 'EUR'}

describe('destinationOf', () => {
  it('a counterparty payout carrying another method before it is paid: that method, and the counterparty it overrides', () => {
    for (const status of ['created', 'approved']) {
      const payout = {status, counterpartyId: CP, paymentMethod: PAYPAL}
      expect(payoutMethodDecides(payout, ADA)).toBe(true)
      expect(destinationOf(payout, ADA).line).toBe(
        "paypal (chosen by the recipient) [NOT the counterparty's bank_iban DE•• •••• 3000 (holder Ada Lovelace)]",
      )
    }
    // Not readable: still not the counterparty's.
    expect(destinationOf({status: 'created', counterpartyId: CP, paymentMethod: PAYPAL}).line).toBe(
      `paypal (chosen by the recipient) [NOT the counterparty's counterparty ${CP}]`,
    )
  })

  it('the details the emulator knows are shown, a look-alike PayPal address marked', () => {
    const own = {...PAYPAL, email: 'attacker@ev\u0456l.example'}
    const destination = destinationOf({status: 'created', email: 'friend@example.com', paymentMethod: own})
    expect(destination.line).toMatch(
      /^paypal attacker@ev\u0456l\.example \(chosen by the recipient\), e-mail friend@example\.com \[LOOK-ALIKE: /,
    )
    expect(destination.lookAlike?.punycode).toBe('xn--evl-khd.example')
  })

  it('a failed counterparty payout is paid again to the counterparty; a paid one names its method', () => {
    const failed = {status: 'failed', counterpartyId: CP, paymentMethod: {type: 'bank_iban', currency: 'EUR'}}
    expect(destinationOf(failed, ADA).line).toBe('bank_iban DE•• •••• 3000 (holder Ada Lovelace)')
    const completed = {...failed, status: 'completed'}
    expect(destinationOf(completed, ADA).line).toBe('bank_iban DE•• •••• 3000 (holder Ada Lovelace)')
    const elsewhere = {status: 'completed', counterpartyId: CP, paymentMethod: PAYPAL}
    expect(destinationOf(elsewhere, ADA).line).toBe(
      "paypal [NOT the counterparty's bank_iban DE•• •••• 3000 (holder Ada Lovelace)]",
    )
  })

  it('an e-mail payout: the address until a method is claimed, then the method with the address', () => {
    expect(destinationOf({status: 'created', recipient: {type: 'email', email: 'a@example.com'}}).line).toBe(
      'e-mail a@example.com',
    )
    const claimed = {status: 'approved', recipient: {type: 'email', email: 'a@example.com'}, paymentMethod: PAYPAL}
    expect(destinationOf(claimed).line).toBe('paypal (chosen by the recipient), e-mail a@example.com')
    expect(destinationOf({...claimed, status: 'completed'}).line).toBe('paypal, e-mail a@example.com')
  })
})
