import {describe, expect, it} from 'vitest'
import {destinationOf, maskIban, payoutMethodDecides} from '../../src/contract/destination.js'

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
        "paypal (chosen by the recipient) [NOT the counterparty's bank_iban DE89 3704 •••• 3000 (holder Ada Lovelace)]",
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
    expect(destinationOf(failed, ADA).line).toBe('bank_iban DE89 3704 •••• 3000 (holder Ada Lovelace)')
    const completed = {...failed, status: 'completed'}
    expect(destinationOf(completed, ADA).line).toBe('bank_iban DE89 3704 •••• 3000 (holder Ada Lovelace)')
    const elsewhere = {status: 'completed', counterpartyId: CP, paymentMethod: PAYPAL}
    expect(destinationOf(elsewhere, ADA).line).toBe(
      "paypal [NOT the counterparty's bank_iban DE89 3704 •••• 3000 (holder Ada Lovelace)]",
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

describe('the line tells accounts apart and marks what a person should check (issue 54, items 4 and 14)', () => {
  it('two IBANs with the same last four read differently: country, check digits and bank code', () => {
    expect(maskIban('DE09500105179999993000')).toBe('DE09 5001 •••• 3000')
    expect(maskIban('DE89 3704 0044 0532 0130 00')).toBe('DE89 3704 •••• 3000')
    expect(maskIban('gb33bukb20201555555555')).toBe('GB33 BUKB •••• 5555')
    expect(maskIban('NO9386011117947')).toBe('NO93 8601 •••• 7947')
    expect(maskIban('DE123')).toBe('DE•• •••• E123')
  })

  it('marks a counterparty not paid since it changed, and one an agent set; names types when the reader knows them', () => {
    const history = {unpaid: {among: 300}, agent: {tool: 'counterparties_update', at: '2026-11-28T10:00:00.000Z'}}
    const destination = destinationOf({counterpartyId: CP}, ADA, {history, methodName: () => 'Bank transfer (IBAN)'})
    expect(destination.line).toBe(
      'Bank transfer (IBAN) DE89 3704 •••• 3000 (holder Ada Lovelace) [NOT PAID IN THE LAST 300 PAYOUTS] [SET BY AN AGENT: counterparties_update at 2026-11-28T10:00:00.000Z]',
    )
    expect(destination.history).toEqual(history)
    expect(destinationOf({counterpartyId: CP}, ADA, {history: {unpaid: {}}}).line).toBe(
      'bank_iban DE89 3704 •••• 3000 (holder Ada Lovelace) [NOT PAID BEFORE]',
    )
    expect(destinationOf({counterpartyId: CP}, ADA, {history: {}}).history).toBeUndefined()
  })

  it('a deleted counterparty cannot be paid', () => {
    expect(destinationOf({counterpartyId: CP}, {deleted: true}).line).toBe(
      `counterparty ${CP} deleted: it cannot be paid`,
    )
  })
})
