import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {v2Schema} from '../../src/services/import/validate/import-schema-v2.js'
import {RowInspector} from '../../src/services/import/validate/row-inspector.js'
import {useEmulator} from '../helpers/emulator.js'

/**
 * The dry run checks exactly what the contract checks: over generated v2 rows, the dry run's verdict on a row
 * (the import's own row inspector) equals the emulator's verdict on the body that row stands for. Values are
 * generated in the form the import sends them (trimmed, lower-case e-mail, compact phone), so the row and the
 * body say the same thing; amounts stay within the service's bounds, which only the service knows.
 */

const HEADER = ['customId', 'description', 'amount', 'currency', 'recipientEmail', 'recipientPhone', 'tags']
const RUNS = 150

const ESC = '\u001b'
let serial = 0
/** A customId of exactly `length` characters, unique in the run (a repeated one would be an update). */
const customIdOf = (length: number) => {
  const id = `c${++serial}-`
  return id + 'x'.repeat(Math.max(0, length - id.length))
}

const row = fc.record({
  customId: fc.constantFrom<number | string | undefined>(undefined, 8, 255, 256, 'tab\there'),
  description: fc.constantFrom('Royalties', `line one\nline two`, `bad${ESC}note`, 'd'.repeat(1000), 'd'.repeat(1001)),
  amount: fc.constantFrom('10.00', '1', '999.5'),
  recipient: fc.constantFrom<[string, string]>(
    ['email', 'ada@example.com'],
    ['email', 'nope'],
    ['email', `${'a'.repeat(250)}@example.com`],
    ['phone', '+4915112345678'],
    ['phone', '0151'],
  ),
  tags: fc.constantFrom<string[]>(
    [],
    ['a', 'b'],
    ['t'.repeat(100)],
    ['t'.repeat(101)],
    Array.from({length: 51}, (_, i) => `t${i}`),
  ),
})

/** The file's cells for `fields`, and the v2 body they stand for. */
function rowAndBody(fields: typeof row extends fc.Arbitrary<infer T> ? T : never) {
  const customId = typeof fields.customId === 'number' ? customIdOf(fields.customId) : fields.customId
  const [kind, address] = fields.recipient
  const tags = [...fields.tags].sort()
  const values = [
    customId ?? '',
    fields.description,
    fields.amount,
    'EUR',
    kind === 'email' ? address : '',
    kind === 'phone' ? address : '',
    tags.join(';'),
  ]
  const body: Record<string, unknown> = {
    description: fields.description,
    amount: fields.amount,
    currency: 'EUR',
    recipient: kind === 'email' ? {type: 'email', email: address} : {type: 'phone', phone: address},
  }
  if (customId !== undefined) body.customId = customId
  if (tags.length) body.tags = tags
  return {values, body}
}

describe('import dry run and emulator agree on every contract rule', () => {
  const ctx = useEmulator()

  it(`over ${RUNS} generated rows: a row passes the dry run exactly when the emulator accepts its body`, async () => {
    const inspector = new RowInspector(HEADER, v2Schema, {decimalComma: false}, () => false)
    const verdicts = {passed: 0, refused: 0}
    await fc.assert(
      fc.asyncProperty(row, async fields => {
        const {values, body} = rowAndBody(fields)
        const dryRun = inspector.inspect(values, true)
        const res = await ctx.api.post('/api/v2/payouts', body)
        if (dryRun.errors) {
          verdicts.refused++
          expect(res.status, `emulator accepted a row the dry run refused: ${JSON.stringify(dryRun.errors)}`).toBe(400)
          for (const error of dryRun.errors) expect(HEADER).toContain(error.column)
        } else {
          verdicts.passed++
          expect(res.status, `emulator refused a row the dry run passed: ${res.text}`).toBe(200)
        }
      }),
      {numRuns: RUNS},
    )
    // The generator reaches both verdicts.
    expect(verdicts.passed).toBeGreaterThan(5)
    expect(verdicts.refused).toBeGreaterThan(5)
  })
})
