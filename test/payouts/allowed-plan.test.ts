import {describe, expect, it} from 'vitest'
import type {Account, PayoutV2} from '../../src/client/schemas.js'
import {BalanceLeft, chooseAllowed} from '../../src/services/payouts/allowed-plan.js'
import {callIdempotencyKey} from '../../src/services/payouts/send-allowed.js'

const payout = (id: string, amount: string, currency = 'EUR', extra: Partial<PayoutV2> = {}): PayoutV2 =>
  ({id, object: 'payout', status: 'created', amount, currency, ...extra}) as PayoutV2

const account = (currency: string, available: string, allowance?: {limit: string; used: string}): Account =>
  ({object: 'account', currency, balance: {total: available, reserved: '0', available}, allowance}) as Account

const ids = (list: readonly {id: string}[]) => list.map(p => p.id)

describe('chooseAllowed', () => {
  it('takes payouts in order per currency while the available balance lasts; a currency stops at its first misfit', () => {
    const payouts = [
      payout('a', '10.00'),
      payout('u', '50.00', 'USD'),
      payout('b', '10.00'),
      payout('c', '10.00'),
      payout('small', '0.10'),
      payout('v', '40.00', 'USD'),
    ]
    const balanceLeft = new BalanceLeft([account('EUR', '25.00'), account('USD', '100.00')])
    const plan = chooseAllowed('approve', payouts, {skipConflicts: false, withinBalance: true}, balanceLeft)
    expect(ids(plan.send)).toEqual(['a', 'u', 'b', 'v'])
    expect(plan.skipped).toEqual([
      {id: 'c', status: 'created', kind: 'balance', reason: 'needs 10.00 EUR; 5.00 EUR available left'},
      {
        id: 'small',
        status: 'created',
        kind: 'balance',
        reason: 'needs 0.10 EUR; an earlier EUR payout did not fit already',
      },
    ])
  })

  it('the allowance left (limit minus used) caps as well; decimals are exact (no float drift)', () => {
    const payouts = Array.from({length: 4}, (_, i) => payout(`p${i}`, '0.10'))
    const balanceLeft = new BalanceLeft([account('EUR', '1000.00', {limit: '1.00', used: '0.70'})])
    const plan = chooseAllowed('approve', payouts, {skipConflicts: false, withinBalance: true}, balanceLeft)
    expect(ids(plan.send)).toEqual(['p0', 'p1', 'p2'])
    expect(plan.skipped).toMatchObject([
      {id: 'p3', kind: 'allowance', reason: "needs 0.10 EUR; 0.00 EUR of today's allowance left"},
    ])
  })

  it('a currency without an account has nothing available', () => {
    const plan = chooseAllowed(
      'approve',
      [payout('c', '1.00', 'CHF')],
      {skipConflicts: false, withinBalance: true},
      new BalanceLeft([]),
    )
    expect(plan.skipped).toMatchObject([{id: 'c', kind: 'balance', reason: 'needs 1.00 CHF; 0.00 CHF available left'}])
  })

  it('pay: approved payouts need no funds (reserved already), failed ones do; e-mail payouts and other states conflict', () => {
    const cp = {counterpartyId: 'counterparty_1'}
    const payouts = [
      payout('approved', '50.00', 'EUR', {status: 'approved', ...cp}),
      payout('failed', '20.00', 'EUR', {status: 'failed', ...cp}),
      payout('failed-2', '20.00', 'EUR', {status: 'failed', ...cp}),
      payout('email', '5.00', 'EUR', {status: 'approved'}),
      payout('done', '5.00', 'EUR', {status: 'completed', ...cp}),
    ]
    const plan = chooseAllowed(
      'pay',
      payouts,
      {skipConflicts: true, withinBalance: true},
      new BalanceLeft([account('EUR', '30.00')]),
    )
    expect(ids(plan.send)).toEqual(['approved', 'failed'])
    expect(plan.skipped.map(s => [s.id, s.kind])).toEqual([
      ['failed-2', 'balance'],
      ['email', 'conflict'],
      ['done', 'conflict'],
    ])
  })

  it('without --skip-conflicts a payout in another state is sent (the service refuses it: all or nothing)', () => {
    const plan = chooseAllowed(
      'approve',
      [payout('a', '1.00', 'EUR', {status: 'approved'})],
      {skipConflicts: false, withinBalance: false},
      undefined,
    )
    expect(ids(plan.send)).toEqual(['a'])
  })
})

describe('callIdempotencyKey', () => {
  it('keys a call by the ids it sends, so that a call with other ids never reuses a key', () => {
    expect(callIdempotencyKey(undefined, ['a'])).toBeUndefined()
    expect(callIdempotencyKey('run-1', ['a', 'b'])).toMatch(/^run-1-[0-9a-f]{12}$/)
    expect(callIdempotencyKey('run-1', ['a', 'b'])).toBe(callIdempotencyKey('run-1', ['a', 'b']))
    expect(callIdempotencyKey('run-1', ['a', 'b'])).not.toBe(callIdempotencyKey('run-1', ['a']))
  })
})
