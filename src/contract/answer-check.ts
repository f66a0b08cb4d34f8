import type * as z from 'zod/mini'
import {present} from '../shared/present.js'
import type {Accepts} from './compiled-check.js'

/**
 * Answers of many calls checked without copying them. A response schema that only describes shapes (objects that
 * keep unknown fields, arrays, optional and nullable values, strings, numbers, booleans, unknowns: no transforms,
 * defaults or refinements) has two properties a property test holds: zod's copy of an answer it accepts equals the
 * answer, and a validator compiled with Ajv from its JSON Schema accepts exactly what zod accepts. So the answer
 * itself is used (in the service's key order), and once zod has checked HOT_AFTER answers of the schema in this
 * process the compiled validator checks the next ones: a long run (an import's batches, import-status's reads)
 * stops allocating a copy of every payout, and a command that reads a few answers never loads Ajv. Zod still finds
 * the problems of an answer the validator refuses.
 */

const HOT_AFTER = 50

/** Schema kinds that only describe shapes; an object also needs a catch-all of unknown (it keeps unknown fields). */
const SHAPE_KINDS = new Set([
  'object',
  'array',
  'optional',
  'nullable',
  'string',
  'number',
  'boolean',
  'null',
  'unknown',
])

interface AnswerCheck {
  /** The schema only describes shapes: an accepted answer is used as it is. */
  plain: boolean
  uses: number
  accepts?: Accepts
}

const checks = new WeakMap<z.core.$ZodType, AnswerCheck>()

type Def = {
  type: string
  checks?: unknown[]
  shape?: Record<string, z.core.$ZodType>
  catchall?: z.core.$ZodType
  element?: z.core.$ZodType
  innerType?: z.core.$ZodType
}

export function onlyShapes(schema: z.core.$ZodType, seen = new Set<z.core.$ZodType>()): boolean {
  if (seen.has(schema)) return true
  seen.add(schema)
  const def = schema._zod.def as Def
  if (!SHAPE_KINDS.has(def.type) || def.checks?.length) return false
  switch (def.type) {
    case 'object':
      return (
        (def.catchall?._zod.def as Def | undefined)?.type === 'unknown' &&
        Object.values(def.shape ?? {}).every(field => onlyShapes(field, seen))
      )
    case 'array':
      return onlyShapes(present(def.element), seen)
    case 'optional':
    case 'nullable':
      return onlyShapes(present(def.innerType), seen)
    default:
      return true
  }
}

function checkOf(schema: z.core.$ZodType): AnswerCheck {
  let check = checks.get(schema)
  if (!check) {
    check = {plain: onlyShapes(schema), uses: 0}
    checks.set(schema, check)
  }
  return check
}

/**
 * How an answer of `schema` is checked: `accepts` (once compiled) says yes fast; otherwise zod checks it, and a
 * plain schema's answer is then used as it is. Counting the uses starts the compile at HOT_AFTER.
 */
export function answerCheck(schema: z.core.$ZodType): {plain: boolean; accepts?: Accepts} {
  const check = checkOf(schema)
  if (check.plain && !check.accepts && ++check.uses === HOT_AFTER) void compile(schema, check)
  return check
}

async function compile(schema: z.core.$ZodType, check: AnswerCheck): Promise<void> {
  const {compiledAnswerCheck} = await import('./compiled-check.js')
  check.accepts = await compiledAnswerCheck(schema)
}
