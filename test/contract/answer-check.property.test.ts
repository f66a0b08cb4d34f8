import fc from 'fast-check'
import {beforeAll, describe, expect, it} from 'vitest'
import * as z from 'zod/mini'
import {parseResponse} from '../../src/client/parse.js'
import {answerCheck, onlyShapes} from '../../src/contract/answer-check.js'
import {type Accepts, compiledAnswerCheck} from '../../src/contract/compiled-check.js'
import {OPERATIONS} from '../../src/contract/operations.js'
import {payoutV2Schema} from '../../src/contract/responses.js'

/**
 * Every answer schema of the operations table only describes shapes, and for each: the validator compiled from its
 * JSON Schema accepts exactly the answers zod accepts, and zod's copy of an accepted answer equals the answer (so
 * the client may use the answer itself). Answers are drawn from the schema (every field present, absent, null, of
 * another type, an unknown status, unknown fields at every level). A fixed seed and a bounded number of answers per
 * schema (FUZZ_SEED replays another seed).
 */

const SEED = Number(process.env.FUZZ_SEED ?? 43)
const RUNS = 150

type Def = {
  type: string
  shape?: Record<string, z.core.$ZodType>
  element?: z.core.$ZodType
  innerType?: z.core.$ZodType
}

const wrong = fc.constantFrom<unknown>(null, 0, 1.5, true, 'text', [], {}, ['a'], {id: 1})
const unknownFields = fc.dictionary(fc.constantFrom('zExtra', 'futureField', 'meta'), fc.jsonValue(), {maxKeys: 2})

/** Answers of the schema's shape, with a wrong value now and then at any depth. */
function answerOf(schema: z.core.$ZodType, depth = 0): fc.Arbitrary<unknown> {
  const def = schema._zod.def as Def
  const right = ((): fc.Arbitrary<unknown> => {
    switch (def.type) {
      case 'object': {
        const fields = Object.entries(def.shape ?? {}).map(
          ([key, field]) =>
            [key, fc.option(answerOf(field, depth + 1), {nil: undefined, freq: 4})] as [string, fc.Arbitrary<unknown>],
        )
        return fc.tuple(fc.tuple(...fields.map(([, value]) => value)), unknownFields).map(([values, extra]) => {
          const answer: Record<string, unknown> = {...extra}
          fields.forEach(([key], i) => {
            if (values[i] !== undefined) answer[key] = values[i]
          })
          return answer
        })
      }
      case 'array':
        return depth > 4 ? fc.constant([]) : fc.array(answerOf(def.element!, depth + 1), {maxLength: 3})
      case 'optional':
        return answerOf(def.innerType!, depth)
      case 'nullable':
        return fc.oneof(fc.constant(null), answerOf(def.innerType!, depth))
      case 'string':
        return fc.oneof(fc.constantFrom('created', 'a-new-state', '', 'payout_1'), fc.string({maxLength: 6}))
      case 'number':
        return fc.oneof(fc.integer(), fc.double({noNaN: true, noDefaultInfinity: true}))
      case 'boolean':
        return fc.boolean()
      default:
        return fc.jsonValue({maxDepth: 2})
    }
  })()
  return fc.oneof({arbitrary: right, weight: 30}, {arbitrary: wrong, weight: 1})
}

const schemas = OPERATIONS.map(operation => [operation.operationId, operation.success.schema] as const)
const compiled = new Map<string, Accepts>()

beforeAll(async () => {
  for (const [name, schema] of schemas) compiled.set(name, await compiledAnswerCheck(schema))
})

describe('answer schemas checked by a compiled validator', () => {
  it('every answer schema of the table only describes shapes', () => {
    const refused = schemas.filter(([, schema]) => !onlyShapes(schema)).map(([name]) => name)
    expect(refused).toEqual([])
  })

  it.each(schemas)('%s: the validator and zod agree, and zod copies an accepted answer unchanged', (name, schema) => {
    const accepts = compiled.get(name)!
    let acceptedCount = 0
    fc.assert(
      fc.property(answerOf(schema), answer => {
        const zod = z.safeParse(schema, answer)
        expect(accepts(answer)).toBe(zod.success)
        if (zod.success) {
          acceptedCount++
          expect(zod.data).toEqual(answer)
        }
      }),
      {seed: SEED, numRuns: RUNS},
    )
    expect(acceptedCount).toBeGreaterThan(0)
  })

  it('a schema with a refinement or a closed object is not a shape: its answers stay zod copies', () => {
    expect(onlyShapes(z.looseObject({id: z.string().check(z.minLength(3))}))).toBe(false)
    expect(onlyShapes(z.object({id: z.string()}))).toBe(false)
    expect(onlyShapes(z.looseObject({id: z.pipe(z.string(), z.transform(Number))}))).toBe(false)
    const closed = z.object({id: z.string()})
    expect(parseResponse(closed, {id: 'a', extra: 1}, 'answer')).toEqual({id: 'a'})
  })

  it('a hot schema answers the body itself, an open status kept, and still refuses a wrong answer', async () => {
    const answer = {id: 'payout_1', status: 'a-new-state', futureField: {x: 1}}
    for (let i = 0; i < 60; i++) expect(parseResponse(payoutV2Schema, answer, 'answer')).toBe(answer)
    await expect.poll(() => answerCheck(payoutV2Schema).accepts).toBeTypeOf('function')
    expect(parseResponse(payoutV2Schema, answer, 'answer')).toBe(answer)
    expect(() => parseResponse(payoutV2Schema, {id: 7}, 'getPayoutV2 answer')).toThrow(
      'unexpected getPayoutV2 answer in the response: id:',
    )
  })
})
