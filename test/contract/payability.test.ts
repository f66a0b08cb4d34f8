import {describe, expect, it} from 'vitest'
import {blockerSentence, payoutBlockers} from '../../src/contract/payability.js'

const TYPES = [
  {type: 'bank_iban', currencies: ['EUR', 'GBP']},
  {type: 'bank_uk', currencies: ['GBP']},
]

describe('payoutBlockers: the one rule of "cannot be paid as it stands"', () => {
  it('a counterparty payout: gone, missing fields, a method that does not pay in the currency', () => {
    const payout = {status: 'created', currency: 'EUR'}
    expect(payoutBlockers({payout, counterparty: {deleted: true}, methodTypes: TYPES})).toEqual([{kind: 'deleted'}])
    const stuck = payoutBlockers({
      payout,
      counterparty: {missing: ['taxIdentity'], paymentMethod: {type: 'bank_uk'}},
      methodTypes: TYPES,
    })
    expect(stuck.map(blocker => blockerSentence(blocker))).toEqual([
      'the counterparty still needs its taxIdentity before it can be paid',
      'bank_uk does not pay in EUR (it pays in GBP): give the counterparty another payment method',
    ])
    expect(
      payoutBlockers({payout, counterparty: {missing: [], paymentMethod: {type: 'bank_iban'}}, methodTypes: TYPES}),
    ).toEqual([])
  })

  it('judges only what is still to be paid; a type it does not know, or no types, is not held against it', () => {
    const counterparty = {missing: [], paymentMethod: {type: 'bank_uk'}}
    expect(payoutBlockers({payout: {status: 'completed', currency: 'EUR'}, counterparty, methodTypes: TYPES})).toEqual(
      [],
    )
    expect(
      payoutBlockers({payout: {status: 'failed', currency: 'EUR'}, counterparty, methodTypes: TYPES}),
    ).toHaveLength(1)
    expect(payoutBlockers({payout: {status: 'created', currency: 'EUR'}, counterparty})).toEqual([])
    const unknown = {missing: [], paymentMethod: {type: 'bank_new'}}
    expect(
      payoutBlockers({payout: {status: 'created', currency: 'EUR'}, counterparty: unknown, methodTypes: TYPES}),
    ).toEqual([])
    expect(payoutBlockers({payout: {status: 'created', currency: 'EUR'}})).toEqual([])
  })
})
