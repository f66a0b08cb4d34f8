import {describe, expect, it} from 'vitest'
import * as z from 'zod/mini'
import {resetSchema} from '../../src/contract/control-bodies.js'
import {checkRequest, checkRequestWorded} from '../../src/contract/request-problems.js'
import {createPayoutV2Body} from '../../src/contract/requests/index.js'
import {strictNested, text} from '../../src/contract/requests/request-fields.js'

const payout = {description: 'Rent', amount: '12.50', currency: 'EUR', recipient: {type: 'email', email: 'a@b.co'}}

/** The one problem of `value`, with its wording. */
function problemOf(schema: z.ZodMiniType, value: unknown) {
  const checked = checkRequestWorded(schema, value)
  if (checked.ok) throw new Error('expected a problem')
  expect(checked.details).toHaveLength(1)
  return checked.details[0]
}

describe('how the formatter words each kind of request problem', () => {
  it.each([
    ['a missing field', {...payout, description: undefined}, 'description', 'is required'],
    ['a wrong type', {...payout, description: 5}, 'description', 'must be a string, not number'],
    [
      'a pattern',
      {...payout, recipient: {type: 'email', email: 'nope'}},
      'recipient.email',
      'must be an e-mail address',
    ],
    ['a length', {...payout, description: ''}, 'description', 'must not be empty'],
    ['an empty currency', {...payout, currency: ''}, 'currency', 'must not be empty'],
    ['a body of another type', 'text', '', 'must be an object, not string'],
  ])('%s is a predicate about its field', (_kind, body, path, message) => {
    expect(problemOf(createPayoutV2Body, body)).toEqual({path, message, predicate: true})
  })

  it.each([
    ['too many decimals', {...payout, amount: '12.345'}, 'amount', 'amount "12.345" has more than two decimal places'],
    [
      'an amount in scientific notation',
      {...payout, amount: '1e3'},
      'amount',
      'amount "1e3" uses scientific notation; write it as a plain decimal',
    ],
    [
      'a currency that is no code',
      {...payout, currency: 'EURO'},
      'currency',
      'currency "EURO" is not a three-letter code like EUR',
    ],
    [
      'more decimals than the currency has',
      {...payout, amount: '12.5', currency: 'JPY'},
      'amount',
      'amount "12.5" has 1 decimal; JPY allows 0',
    ],
    ['a missing body', undefined, '', 'a JSON object body is required'],
  ])('%s is a whole sentence', (_kind, body, path, message) => {
    expect(problemOf(createPayoutV2Body, body)).toEqual({path, message, predicate: false})
  })

  it('words an unknown field and a value off a closed list as predicates', () => {
    expect(problemOf(strictNested({name: text()}), {name: 'a', nmae: 'b'})).toEqual({
      path: 'nmae',
      message: 'is not a known field',
      predicate: true,
    })
    expect(problemOf(resetSchema, {reset: false, teamId: 't'})).toEqual({
      path: 'reset',
      message: 'must be one of true',
      predicate: true,
    })
  })

  it("words a value off a list the schema words nothing for as a predicate, in any of zod's locales", async () => {
    const kind = z.object({kind: z.enum(['a', 'b'])})
    const expected = {path: 'kind', message: 'must be one of a, b', predicate: true}
    expect(problemOf(kind, {kind: 'c'})).toEqual(expected)
    // The CLI loads zod's English messages (src/client/parse.ts); the answer does not change with them.
    await import('../../src/client/parse.js')
    expect(problemOf(kind, {kind: 'c'})).toEqual(expected)
  })

  it("takes zod's own message, where a schema words nothing, as a sentence", () => {
    // Its words depend on the locale zod is configured with (src/client/parse.ts), the flag does not.
    expect(problemOf(z.object({count: z.number()}), {count: 'x'})).toMatchObject({path: 'count', predicate: false})
  })

  it("keeps the flag out of the service's answer: a detail is its path and message", () => {
    const checked = checkRequest(createPayoutV2Body, {...payout, amount: '12.345', currency: 'EURO'})
    expect(checked.ok ? [] : checked.details.map(detail => Object.keys(detail))).toEqual([
      ['path', 'message'],
      ['path', 'message'],
    ])
  })
})
