import {describe, expect, it} from 'vitest'
import type {RowResult, SchemaOptions} from '../../src/services/import/validate/import-schema.js'
import {type PayoutRowV2, v2Schema} from '../../src/services/import/validate/import-schema-v2.js'
import {RowInspector} from '../../src/services/import/validate/row-inspector.js'

/**
 * A row's e-mail recipient: a plain ASCII address is taken in lower case without the look-alike test (most rows),
 * but an ASCII address with a punycode label, in either case, is a look-alike test's as much as one with letters of
 * another script; an address that is no e-mail address is the contract's to refuse, not a look-alike.
 */

const HEADER = ['customId', 'description', 'amount', 'currency', 'recipientEmail']

function inspect(email: string, options: Partial<SchemaOptions> = {}): RowResult<PayoutRowV2> {
  const inspector = new RowInspector(HEADER, v2Schema, {decimalComma: false, ...options}, () => false)
  return inspector.inspect(['r-1', 'Royalties', '12.50', 'EUR', email], true)
}

describe('the e-mail recipient of an imported row', () => {
  it('a plain address is taken in lower case', () => {
    expect(inspect('Ann@Example.COM').row?.item?.recipient).toEqual({type: 'email', email: 'ann@example.com'})
  })

  it.each([
    ['a punycode label', 'friend@xn--exmple-4nf.com'],
    ['a punycode label in capitals', 'friend@XN--EXMPLE-4NF.com'],
    ['a Cyrillic letter', 'friend@ex\u0430mple.com'],
  ])('an address with %s could pass for another: refused, unless allowed', (_, email) => {
    const {errors} = inspect(email)
    expect(errors).toEqual([
      {
        column: 'recipientEmail',
        message: expect.stringMatching(/could pass for another address: .*xn--exmple-4nf\.com/),
      },
    ])
    expect(inspect(email, {allowConfusable: true}).row?.item?.recipient).toEqual({
      type: 'email',
      email: email.toLowerCase(),
    })
  })

  it('a value that is no e-mail address is the contract’s to refuse', () => {
    for (const value of ['nope', 'n\u043epe', 'a b@example.com'])
      expect(inspect(value).errors).toEqual([
        {column: 'recipientEmail', message: expect.stringMatching(/^recipientEmail must be an e-mail address/)},
      ])
  })
})
