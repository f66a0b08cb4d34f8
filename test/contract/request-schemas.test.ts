import {describe, expect, it} from 'vitest'
import {REQUEST_SCHEMAS} from '../../src/contract/operation-bodies.js'
import {checkRequest} from '../../src/contract/request-problems.js'
import {
  createCounterpartyBody,
  createPayoutsV2BatchBody,
  createPayoutV1Body,
  createPayoutV2Body,
  patchPayoutV2Body,
  sandboxDepositBody,
} from '../../src/contract/requests/index.js'

const payout = {description: 'Rent', amount: '12.50', currency: 'EUR', recipient: {type: 'email', email: 'a@b.co'}}

describe('request schemas of the contract', () => {
  it('free text keeps line breaks and tabs and refuses other controls, naming the field', () => {
    expect(checkRequest(createPayoutV2Body, {...payout, description: 'Łukasz Żółć\r\nsecond\tline'}).ok).toBe(true)
    const refused = checkRequest(createPayoutV2Body, {...payout, description: 'a\u001bb'})
    expect(refused).toEqual({
      ok: false,
      details: [
        {
          path: 'description',
          message: 'must not contain control characters (found U+001B at position 2; line breaks and tabs are fine)',
        },
      ],
    })
    const name = checkRequest(createCounterpartyBody, {
      identity: {type: 'individual', firstName: 'A\u0085', lastName: 'B'},
      address: {line1: 'Street 1\nBack house', city: 'Berlin', postalCode: '10115', country: 'DE'},
    })
    expect(name.ok ? [] : name.details.map(detail => detail.path)).toEqual(['identity.firstName'])
  })

  it('leaves the minimum amount to the service: 0.01 is a well-formed amount', () => {
    expect(checkRequest(createPayoutV2Body, {...payout, amount: '0.01'}).ok).toBe(true)
    expect(checkRequest(sandboxDepositBody, {currency: 'EUR', amount: '0.01'}).ok).toBe(true)
  })

  it('answers in the service words, every field once, with dotted paths', () => {
    const result = checkRequest(createPayoutsV2BatchBody, {
      items: [payout, {description: '', amount: 12, currency: 'EUR', recipient: {type: 'email'}}],
    })
    expect(result.ok ? [] : result.details).toEqual([
      {path: 'items.1.description', message: 'must not be empty'},
      {path: 'items.1.amount', message: 'must be a decimal string like "12.50", not number'},
      {path: 'items.1.recipient.email', message: 'is required'},
    ])
    expect(checkRequest(createPayoutV2Body, undefined)).toEqual({
      ok: false,
      details: [{path: '', message: 'a JSON object body is required'}],
    })
  })

  it('checks an amount against its currency and one recipient of two kinds', () => {
    const result = checkRequest(createPayoutV2Body, {
      description: 'x',
      amount: '1.001',
      currency: 'EUR',
      recipient: {type: 'email', email: 'a@b.co'},
      counterpartyId: 'counterparty_0d9c1f7e-1111-4222-8333-444455556666',
    })
    expect(result.ok ? [] : result.details.map(detail => detail.path)).toEqual(['amount', 'counterpartyId'])
    expect(checkRequest(patchPayoutV2Body, {tags: ['a']}).ok).toBe(true)
  })

  it('ignores fields a body does not list (the spec: "further request fields: not shown")', () => {
    const result = checkRequest(createPayoutV1Body, {description: 'x', payoutAmount: '1', currency: 'EUR', extra: 1})
    expect(result).toEqual({ok: true, value: {description: 'x', payoutAmount: '1', currency: 'EUR'}})
  })

  it('lists every request by its exported name, once per method and path and part', () => {
    const keys = REQUEST_SCHEMAS.map(request => `${request.method} ${request.path} ${request.name}`)
    expect(new Set(keys).size).toBe(keys.length)
    expect(REQUEST_SCHEMAS.length).toBe(22)
  })
})
