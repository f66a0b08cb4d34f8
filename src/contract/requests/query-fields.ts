import * as z from 'zod/mini'
import {noted} from '../document-notes.js'
import {controlCharacterProblem, FREE_TEXT, freeTextProblem, WITHOUT_CONTROL} from '../primitives.js'

/**
 * What paths and query strings are made of, and the text rule every request field uses. The operations table's
 * rows build these (a client's call loads its row), so they live apart from the bodies' fields, which only what
 * checks a body builds (request-fields.ts, which re-exports these).
 */

/** The name of a JSON value's type, as a problem names what it found ("must be a string, not number"). */
export const typeName = (value: unknown): string => {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value
}

/** What a text field allows. */
export interface StringRule {
  min?: number
  max?: number
  pattern?: RegExp
  patternMessage?: string
  oneOf?: readonly string[]
  /** Text people or systems key on (ids, customIds): control characters are refused. */
  text?: boolean
  /** Free text (descriptions, names, address lines): line breaks and tabs allowed, other controls refused. */
  freeText?: boolean
}

/** What a missing or wrongly typed value is called; `what` names the expected type ("a string", "an object"). */
export const typeError = (what: string) => (issue: {input?: unknown}) =>
  issue.input === undefined ? 'is required' : `must be ${what}, not ${typeName(issue.input)}`

/** Characters as JSON Schema counts them: a character outside the Basic Multilingual Plane is one, not two. */
function characters(value: string): number {
  let count = 0
  for (const _ of value) count++
  return count
}

/**
 * A string under `rule`, each part a check the OpenAPI document carries (lengths, the closed list, control
 * characters, the pattern), so that the document and this check are one definition. A field reports its first
 * problem. Lengths count characters as JSON Schema does (zod's own length checks count UTF-16 units), and the
 * document learns them from `documentNotes`.
 */
export function text(rule: StringRule = {}) {
  if (rule.oneOf) return oneOf(rule.oneOf)
  const min = rule.min ?? 1
  const checks: z.core.$ZodCheck<string>[] = [
    z.refine(
      value => characters(value) >= min,
      min === 1 ? 'must not be empty' : `must have at least ${min} characters`,
    ),
  ]
  if (rule.max !== undefined) {
    const max = rule.max
    checks.push(z.refine(value => characters(value) <= max, `must have at most ${max} characters`))
  }
  if (rule.text) checks.push(z.regex(WITHOUT_CONTROL, {error: issue => controlCharacterProblem(String(issue.input))}))
  else if (rule.freeText) checks.push(z.regex(FREE_TEXT, {error: issue => freeTextProblem(String(issue.input))}))
  if (rule.pattern) checks.push(z.regex(rule.pattern, rule.patternMessage ?? `does not match ${rule.pattern}`))
  const schema = z.string({error: typeError('a string')}).check(...checks)
  return noted(schema, {minLength: min, ...(rule.max === undefined ? {} : {maxLength: rule.max})})
}

/** A string from a closed list (the document's `enum`). */
function oneOf<const Values extends readonly string[]>(values: Values) {
  return z.enum(values, {
    error: issue =>
      typeof issue.input === 'string' ? `must be one of ${values.join(', ')}` : typeError('a string')(issue),
  })
}

/** Text people or systems key on (customIds): no control character at all. */
export const keyText = (max: number) => text({text: true, max})

/** An id or customId in a path: what a customId may be, which every id of the service is too. */
export const pathId = keyText(255)

/** One of a closed list of values (its type is that union). */
export const choice = <const Values extends readonly [string, ...string[]]>(values: Values) => z.enum(values)

/** An integer within bounds (a query parameter's digits are read as a number first: `queryValues`). */
export function boundedInteger(min: number, max: number) {
  const message = `must be an integer from ${min} to ${max}`
  return z.int({error: message}).check(z.minimum(min, message), z.maximum(max, message))
}

/** The page size of the v2 cursor lists: 1 to 100, 20 when not given (spec 8 for transactions; DESIGN.md for the others). */
export const V2_PAGE = {maxLimit: 100, defaultLimit: 20} as const
export const v2PageLimit = z._default(boundedInteger(1, V2_PAGE.maxLimit), V2_PAGE.defaultLimit)

/** The `cursor` of a v2 list: the `nextCursor` of the page before, passed unchanged (never empty). */
export const pageCursor = z.optional(text())

/** The page of every v2 cursor list: its size and where it starts (the `nextCursor` of the page before). */
export const v2Page = {limit: v2PageLimit, cursor: pageCursor}

/** A repeatable query parameter whose values come from a closed list (`?status=a&status=b`). */
export const choices = <const Values extends readonly [string, ...string[]]>(values: Values) =>
  z.optional(z.array(text({oneOf: values}), {error: typeError('an array')}))
