import {describe, expect, it} from 'vitest'
import * as z from 'zod/mini'
import {sentence} from '../../src/contract/problem-wording.js'
import {mapHeader} from '../../src/services/import/validate/headers.js'
import {Cells, contractCheck, RowCheck} from '../../src/services/import/validate/import-schema.js'
import {v2Schema} from '../../src/services/import/validate/import-schema-v2.js'

/** The row errors `contractCheck` gives a body of one field, `country`, from a column the file calls "Land". */
function rowErrors(schema: z.ZodMiniType, body: unknown) {
  const check = new RowCheck(new Cells(mapHeader(['Land'], [{name: 'country', aliases: ['Land']}])))
  contractCheck(schema, body, check, path => (path === 'country' ? 'Land' : undefined))
  return check.errors?.map(error => `${error.column}: ${error.message}`)
}

const refused = (error: z.core.$ZodErrorMap) => z.object({country: z.string().check(z.refine(() => false, {error}))})

describe("contractCheck's row errors", () => {
  it('puts the column before a predicate, whatever word it begins with', () => {
    expect(
      rowErrors(
        refused(() => 'needs two letters, like DE'),
        {country: 'Deutschland'},
      ),
    ).toEqual(['Land: Land needs two letters, like DE'])
  })

  it('keeps a whole sentence as it is, even one that begins like a predicate', () => {
    const question = refused(issue => sentence(issue, 'is "Deutschland" a country code? write DE'))
    expect(rowErrors(question, {country: 'Deutschland'})).toEqual(['Land: is "Deutschland" a country code? write DE'])
  })

  it("words the contract's own problems as before", () => {
    const header = ['description', 'amount', 'currency', 'recipientEmail']
    const cells = new Cells(mapHeader(header, v2Schema.columns))
    const errorsOf = (row: string[]) =>
      v2Schema.parse(cells.load(row), {decimalComma: false}, true).errors?.map(e => `${e.column}: ${e.message}`)
    expect(errorsOf(['Rent', '12.50', 'EUR', 'not-an-address'])).toEqual([
      'recipientEmail: recipientEmail must be an e-mail address',
    ])
    expect(errorsOf(['Rent', '12.5', 'JPY', 'a@example.com'])).toEqual([
      'amount: amount "12.5" has 1 decimal; JPY allows 0',
    ])
  })
})
