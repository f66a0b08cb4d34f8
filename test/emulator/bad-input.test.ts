import {beforeEach, describe, expect, it} from 'vitest'
import {useEmulator} from '../helpers/emulator.js'
import {type Api, type Body, counterpartyBody, expectError, OTHER, v2Item} from './helpers.js'

/**
 * Bad input on every endpoint that takes one: missing required fields, wrong types, malformed amounts,
 * unknown currencies, ids of another team, oversized batches. Each is refused with the right code and
 * `details`, and nothing changes (the team's whole visible state is compared before and after).
 */

const MALFORMED_AMOUNTS = ['1e3', '-5', '1,000.00', '', '1.234', 'ten', '0', ' 5']

type Case = [label: string, method: string, path: string, body: unknown, status: number, code: string, detail?: string]

async function snapshot(api: Api): Promise<string> {
  const parts = await Promise.all([
    api.get('/api/v1/payouts', {query: {limit: 100}}),
    api.get('/api/v2/counterparties', {query: {limit: 100}}),
    api.get('/api/v2/transactions', {query: {limit: 100}}),
    api.get('/api/v2/accounts'),
    api.get('/api/v1/webhook'),
    api.get('/api/v1/team'),
    api.get('/api/v1/payouts', {key: OTHER, query: {limit: 100}}),
  ])
  return JSON.stringify(parts.map(part => part.body))
}

describe('bad input on every endpoint', () => {
  const ctx = useEmulator()
  let payout: Body
  let approved: Body
  let counterparty: Body
  let foreignPayout: Body
  let foreignCounterparty: Body

  beforeEach(async () => {
    payout = await ctx.api.v2Create({customId: 'existing'})
    approved = await ctx.api.v2Create()
    await ctx.api.post(`/api/v2/payouts/${approved.id}/approve`)
    counterparty = await ctx.api.counterparty({customId: 'cp'})
    foreignPayout = await ctx.api.v2Create({}, OTHER)
    foreignCounterparty = await ctx.api.counterparty({}, OTHER)
  })

  async function expectRefusedWithoutChange(cases: Case[]) {
    const before = await snapshot(ctx.api)
    for (const [label, method, path, body, status, code, detail] of cases) {
      const res = await ctx.api.call(method, path, {body})
      try {
        expectError(res, status, code, detail)
      } catch (error) {
        throw new Error(`${label}: ${(error as Error).message}`)
      }
    }
    expect(await snapshot(ctx.api)).toBe(before)
  }

  it('v1 POST /payout', async () => {
    const base = {description: 'd', payoutAmount: '1.00', currency: 'EUR'}
    const cases: Case[] = [
      ['no body', 'POST', '/api/v1/payout', undefined, 400, 'VALIDATION_ERROR', ''],
      ['array body', 'POST', '/api/v1/payout', [base], 400, 'VALIDATION_ERROR', ''],
      [
        'no description',
        'POST',
        '/api/v1/payout',
        {...base, description: undefined},
        400,
        'VALIDATION_ERROR',
        'description',
      ],
      [
        'no amount',
        'POST',
        '/api/v1/payout',
        {...base, payoutAmount: undefined},
        400,
        'VALIDATION_ERROR',
        'payoutAmount',
      ],
      ['no currency', 'POST', '/api/v1/payout', {...base, currency: undefined}, 400, 'VALIDATION_ERROR', 'currency'],
      ['number amount', 'POST', '/api/v1/payout', {...base, payoutAmount: 1}, 400, 'VALIDATION_ERROR', 'payoutAmount'],
      ['unknown currency', 'POST', '/api/v1/payout', {...base, currency: 'XYZ'}, 400, 'VALIDATION_ERROR', 'currency'],
      [
        'JPY',
        'POST',
        '/api/v1/payout',
        {...base, currency: 'JPY', payoutAmount: '100'},
        400,
        'VALIDATION_ERROR',
        'currency',
      ],
      ['lowercase currency', 'POST', '/api/v1/payout', {...base, currency: 'eur'}, 400, 'VALIDATION_ERROR', 'currency'],
      [
        'preApproved string',
        'POST',
        '/api/v1/payout',
        {...base, preApproved: 'yes'},
        400,
        'VALIDATION_ERROR',
        'preApproved',
      ],
      ['payoutType', 'POST', '/api/v1/payout', {...base, payoutType: 'auto'}, 400, 'VALIDATION_ERROR', 'payoutType'],
      ['tags type', 'POST', '/api/v1/payout', {...base, tags: 'a,b'}, 400, 'VALIDATION_ERROR', 'tags'],
      ['tag item', 'POST', '/api/v1/payout', {...base, tags: ['a', 3]}, 400, 'VALIDATION_ERROR', 'tags.1'],
      ['email', 'POST', '/api/v1/payout', {...base, email: 'nope'}, 400, 'VALIDATION_ERROR', 'email'],
      ['phone', 'POST', '/api/v1/payout', {...base, phone: '0151'}, 400, 'VALIDATION_ERROR', 'phone'],
      [
        'notifications',
        'POST',
        '/api/v1/payout',
        {...base, notifications: 'maybe'},
        400,
        'VALIDATION_ERROR',
        'notifications',
      ],
      ['empty customId', 'POST', '/api/v1/payout', {...base, customId: ''}, 400, 'VALIDATION_ERROR', 'customId'],
      [
        'handleType differs',
        'POST',
        '/api/v1/payout',
        {...base, verificationMethod: 'a', handleType: 'b'},
        400,
        'VALIDATION_ERROR',
        'handleType',
      ],
      ...MALFORMED_AMOUNTS.map(
        (amount): Case => [
          `amount ${amount}`,
          'POST',
          '/api/v1/payout',
          {...base, payoutAmount: amount},
          400,
          'VALIDATION_ERROR',
          'payoutAmount',
        ],
      ),
    ]
    await expectRefusedWithoutChange(cases)
  })

  it('v1 PATCH /team and DELETE /payout/{id} of another team', async () => {
    await expectRefusedWithoutChange([
      ['no body', 'PATCH', '/api/v1/team', undefined, 400, 'VALIDATION_ERROR', ''],
      [
        'wrong type',
        'PATCH',
        '/api/v1/team',
        {dac7ReportingRequired: 1},
        400,
        'VALIDATION_ERROR',
        'dac7ReportingRequired',
      ],
      ['foreign delete', 'DELETE', `/api/v1/payout/${foreignPayout.id.slice(7)}`, undefined, 404, 'NOT_FOUND'],
      ['bad uuid delete', 'DELETE', '/api/v1/payout/123', undefined, 400, 'VALIDATION_ERROR', 'id'],
    ])
  })

  it('v2 POST /payouts', async () => {
    const cases: Case[] = [
      ['no body', 'POST', '/api/v2/payouts', undefined, 400, 'VALIDATION_ERROR', ''],
      [
        'no description',
        'POST',
        '/api/v2/payouts',
        v2Item({description: undefined}),
        400,
        'VALIDATION_ERROR',
        'description',
      ],
      ['no amount', 'POST', '/api/v2/payouts', v2Item({amount: undefined}), 400, 'VALIDATION_ERROR', 'amount'],
      ['number amount', 'POST', '/api/v2/payouts', v2Item({amount: 10}), 400, 'VALIDATION_ERROR', 'amount'],
      ['no currency', 'POST', '/api/v2/payouts', v2Item({currency: undefined}), 400, 'VALIDATION_ERROR', 'currency'],
      ['unknown currency', 'POST', '/api/v2/payouts', v2Item({currency: 'ABC'}), 400, 'VALIDATION_ERROR', 'currency'],
      ['no recipient', 'POST', '/api/v2/payouts', v2Item({recipient: undefined}), 400, 'VALIDATION_ERROR', 'recipient'],
      [
        'both recipients',
        'POST',
        '/api/v2/payouts',
        v2Item({counterpartyId: counterparty.id}),
        400,
        'VALIDATION_ERROR',
        'counterpartyId',
      ],
      [
        'recipient type',
        'POST',
        '/api/v2/payouts',
        v2Item({recipient: {type: 'pigeon'}}),
        400,
        'VALIDATION_ERROR',
        'recipient.type',
      ],
      [
        'recipient email',
        'POST',
        '/api/v2/payouts',
        v2Item({recipient: {type: 'email'}}),
        400,
        'VALIDATION_ERROR',
        'recipient.email',
      ],
      [
        'recipient phone',
        'POST',
        '/api/v2/payouts',
        v2Item({recipient: {type: 'phone', phone: '12'}}),
        400,
        'VALIDATION_ERROR',
        'recipient.phone',
      ],
      [
        'recipient string',
        'POST',
        '/api/v2/payouts',
        v2Item({recipient: 'ada@example.com'}),
        400,
        'VALIDATION_ERROR',
        'recipient',
      ],
      ['andThen', 'POST', '/api/v2/payouts', v2Item({andThen: 'approve'}), 400, 'VALIDATION_ERROR', 'andThen'],
      [
        'counterpartyId format',
        'POST',
        '/api/v2/payouts',
        v2Item({recipient: undefined, counterpartyId: 'cp'}),
        400,
        'VALIDATION_ERROR',
        'counterpartyId',
      ],
      [
        'foreign counterparty',
        'POST',
        '/api/v2/payouts',
        v2Item({recipient: undefined, counterpartyId: foreignCounterparty.id}),
        404,
        'NOT_FOUND',
      ],
      ['taken customId', 'POST', '/api/v2/payouts', v2Item({customId: 'existing'}), 409, 'INVALID_STATE'],
      ...MALFORMED_AMOUNTS.map(
        (amount): Case => [
          `amount ${amount}`,
          'POST',
          '/api/v2/payouts',
          v2Item({amount}),
          400,
          'VALIDATION_ERROR',
          'amount',
        ],
      ),
    ]
    await expectRefusedWithoutChange(cases)
  })

  it('v2 POST /payouts/batch', async () => {
    await expectRefusedWithoutChange([
      ['no items', 'POST', '/api/v2/payouts/batch', {}, 400, 'VALIDATION_ERROR', 'items'],
      [
        '101 items',
        'POST',
        '/api/v2/payouts/batch',
        {items: Array.from({length: 101}, () => v2Item())},
        400,
        'VALIDATION_ERROR',
        'items',
      ],
      [
        'item not object',
        'POST',
        '/api/v2/payouts/batch',
        {items: [v2Item(), 'x']},
        400,
        'VALIDATION_ERROR',
        'items.1',
      ],
      [
        'malformed amount',
        'POST',
        '/api/v2/payouts/batch',
        {items: [v2Item(), v2Item({amount: '1e3'})]},
        400,
        'VALIDATION_ERROR',
        'items.1.amount',
      ],
      [
        'foreign counterparty',
        'POST',
        '/api/v2/payouts/batch',
        {items: [v2Item({recipient: undefined, counterpartyId: foreignCounterparty.id})]},
        404,
        'NOT_FOUND',
      ],
    ])
  })

  it('v2 PATCH, DELETE and the single-payout actions', async () => {
    await expectRefusedWithoutChange([
      ['patch amount', 'PATCH', `/api/v2/payouts/${payout.id}`, {amount: '-5'}, 400, 'VALIDATION_ERROR', 'amount'],
      [
        'patch currency',
        'PATCH',
        `/api/v2/payouts/${payout.id}`,
        {currency: 'XXX'},
        400,
        'VALIDATION_ERROR',
        'currency',
      ],
      ['patch tags', 'PATCH', `/api/v2/payouts/${payout.id}`, {tags: [1]}, 400, 'VALIDATION_ERROR', 'tags.0'],
      ['patch foreign', 'PATCH', `/api/v2/payouts/${foreignPayout.id}`, {description: 'x'}, 404, 'PAYOUT_NOT_FOUND'],
      ['patch approved', 'PATCH', `/api/v2/payouts/${approved.id}`, {description: 'x'}, 409, 'INVALID_STATE'],
      ['delete foreign', 'DELETE', `/api/v2/payouts/${foreignPayout.id}`, undefined, 404, 'PAYOUT_NOT_FOUND'],
      [
        'approve andThen',
        'POST',
        `/api/v2/payouts/${payout.id}/approve`,
        {andThen: 'later'},
        400,
        'VALIDATION_ERROR',
        'andThen',
      ],
      ['approve approved', 'POST', `/api/v2/payouts/${approved.id}/approve`, undefined, 409, 'INVALID_STATE'],
      ['pay with a list', 'POST', `/api/v2/payouts/${approved.id}/pay`, [1], 400, 'VALIDATION_ERROR', ''],
      ['send with text', 'POST', `/api/v2/payouts/${payout.id}/send-claim-link`, 'x', 400, 'VALIDATION_ERROR', ''],
    ])
  })

  it('v2 batch approve, send-claim-link and pay', async () => {
    const ids = Array.from({length: 101}, () => payout.id)
    const cases: Case[] = []
    for (const action of ['approve', 'send-claim-link', 'pay'])
      cases.push(
        [`${action} no ids`, 'POST', `/api/v2/payouts/${action}`, {}, 400, 'VALIDATION_ERROR', 'ids'],
        [`${action} ids type`, 'POST', `/api/v2/payouts/${action}`, {ids: payout.id}, 400, 'VALIDATION_ERROR', 'ids'],
        [`${action} 101 ids`, 'POST', `/api/v2/payouts/${action}`, {ids}, 400, 'VALIDATION_ERROR', 'ids'],
        [
          `${action} foreign`,
          'POST',
          `/api/v2/payouts/${action}`,
          {ids: [payout.id, foreignPayout.id]},
          404,
          'PAYOUT_NOT_FOUND',
        ],
        [
          `${action} twice`,
          'POST',
          `/api/v2/payouts/${action}`,
          {ids: [payout.id, payout.id]},
          400,
          'VALIDATION_ERROR',
          'ids.1',
        ],
      )
    cases.push([
      'approve andThen',
      'POST',
      '/api/v2/payouts/approve',
      {ids: [payout.id], andThen: 'x'},
      400,
      'VALIDATION_ERROR',
      'andThen',
    ])
    await expectRefusedWithoutChange(cases)
  })

  it('v2 counterparties', async () => {
    await expectRefusedWithoutChange([
      ['no body', 'POST', '/api/v2/counterparties', undefined, 400, 'VALIDATION_ERROR', ''],
      [
        'identity type',
        'POST',
        '/api/v2/counterparties',
        counterpartyBody({identity: 'Grace'}),
        400,
        'VALIDATION_ERROR',
        'identity',
      ],
      [
        'firstName type',
        'POST',
        '/api/v2/counterparties',
        counterpartyBody({identity: {type: 'individual', firstName: 1, lastName: 'H'}}),
        400,
        'VALIDATION_ERROR',
        'identity.firstName',
      ],
      ['taken customId', 'POST', '/api/v2/counterparties', counterpartyBody({customId: 'cp'}), 409, 'INVALID_STATE'],
      [
        'patch foreign',
        'PATCH',
        `/api/v2/counterparties/${foreignCounterparty.id}`,
        {email: 'x@example.com'},
        404,
        'NOT_FOUND',
      ],
      [
        'patch bad',
        'PATCH',
        `/api/v2/counterparties/${counterparty.id}`,
        {paymentMethod: {type: 'bank_iban'}},
        400,
        'VALIDATION_ERROR',
        'paymentMethod.currency',
      ],
      ['delete foreign', 'DELETE', `/api/v2/counterparties/${foreignCounterparty.id}`, undefined, 404, 'NOT_FOUND'],
    ])
  })

  it('v2 sandbox deposit', async () => {
    const cases: Case[] = [
      ['no body', 'POST', '/api/v2/team/sandbox-deposit', undefined, 400, 'VALIDATION_ERROR', ''],
      [
        'unknown currency',
        'POST',
        '/api/v2/team/sandbox-deposit',
        {currency: 'BTC', amount: '1.00'},
        400,
        'VALIDATION_ERROR',
        'currency',
      ],
      ...MALFORMED_AMOUNTS.map(
        (amount): Case => [
          `amount ${amount}`,
          'POST',
          '/api/v2/team/sandbox-deposit',
          {currency: 'EUR', amount},
          400,
          'VALIDATION_ERROR',
          'amount',
        ],
      ),
    ]
    await expectRefusedWithoutChange(cases)
  })
})
