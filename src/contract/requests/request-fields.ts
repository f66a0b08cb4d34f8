import * as z from 'zod/mini'
import {amountProblem, CURRENCY_CODE, currencyProblem, MAX_AMOUNT_LENGTH, minorUnits} from '../../shared/money.js'
import {noted} from '../document-notes.js'
import {AMOUNT, EMAIL, EMAIL_MAX_LENGTH, HTTP_URL, type IdPrefix, idPattern, PHONE, UUID} from '../primitives.js'
import {sentence, sentenceIssue} from '../problem-wording.js'
import {keyText, type StringRule, text, typeError, typeName} from './query-fields.js'

export {
  boundedInteger,
  choice,
  choices,
  keyText,
  pageCursor,
  pathId,
  type StringRule,
  text,
  typeName,
  V2_PAGE,
  v2PageLimit,
} from './query-fields.js'

/**
 * The fields request bodies are made of, each a zod schema whose problems read as the service's 400 answers do.
 * Rules the service decides (which currencies it settles, the smallest and largest amount, which countries) are
 * not here: the contract knows the shape, the service the policy.
 */

/** Free text (descriptions, names, address lines): line breaks and tabs are text, other controls are refused. */
export const freeText = (max: number, min = 1) => text({freeText: true, max, min})

export const customId = keyText(255)

export const email = text({max: EMAIL_MAX_LENGTH, pattern: EMAIL, patternMessage: 'must be an e-mail address'})

export const phone = text({
  pattern: PHONE,
  patternMessage: 'must be a phone number in international format, like +4915112345678',
})

export const uuid = text({pattern: UUID, patternMessage: 'must be a UUID'})

/** A `<prefix>` + UUID id (`counterparty_…`). */
export const prefixedId = (prefix: IdPrefix) =>
  text({
    text: true,
    pattern: idPattern(prefix),
    patternMessage: `must be a ${prefix.slice(0, -1)} id (${prefix}<uuid>)`,
  })

/** An absolute http or https URL. */
export const httpUrl = text({max: 2048, pattern: HTTP_URL, patternMessage: 'must be an absolute http or https URL'})

/** A calendar date YYYY-MM-DD that exists (no 1990-13-45, no 2026-02-30): the document's `format: date`. */
export const calendarDate = z.iso.date({
  error: issue => (typeof issue.input === 'string' ? 'must be a date like 1990-04-30' : typeError('a string')(issue)),
})

/** A request field the spec deprecates (section 9): accepted, and marked `deprecated` in the document. */
export function deprecated<Schema extends z.ZodMiniType>(schema: Schema, instead: string): Schema {
  return noted(schema, {deprecated: true, description: `Deprecated (spec 9): use ${instead}.`})
}

/** A boolean field (a new schema each call, so that one can carry its own notes in the document). */
export const booleanField = () => z.boolean({error: typeError('true or false')})

export const flag = booleanField()

/** A three-letter currency code in capitals; which ones are settled is the service's decision. */
export const currency = noted(
  z.string({error: typeError('a string')}).check(
    z.regex(CURRENCY_CODE, {
      error: issue =>
        issue.input === '' ? 'must not be empty' : sentence(issue, currencyProblem(String(issue.input))),
    }),
  ),
  {description: 'An ISO 4217 code in capitals; which ones the service settles, it says (400 otherwise).'},
)

/**
 * A positive plain decimal string with at most two places (`AMOUNT`); its decimals are also checked against the
 * currency by `amountFitsCurrency`. The messages say what is wrong (a comma, an exponent, a sign).
 */
export const amount = noted(
  z.string({error: typeError('a decimal string like "12.50"')}).check(
    z.maxLength(MAX_AMOUNT_LENGTH, {error: issue => sentence(issue, amountProblem(String(issue.input)))}),
    z.regex(AMOUNT, {
      error: issue =>
        sentence(
          issue,
          amountProblem(String(issue.input)) ?? `amount "${String(issue.input)}" has more than two decimal places`,
        ),
    }),
  ),
  {
    description:
      'A positive decimal string with at most two places, like "12.50" (no sign, exponent or separator), and no more places than its currency has. The smallest and largest amount are the service\'s.',
  },
)

/**
 * The object rules of bodies that JSON Schema cannot state, by the zod check that states them: a validator compiled
 * from a body's JSON Schema (compiled-check.ts) runs each on a body its JSON Schema accepted, so that together they
 * accept exactly what zod accepts.
 */
export const bodyRules = new WeakMap<object, (body: Record<string, unknown>) => boolean>()

/**
 * The object check of a body holding an amount and its currency: no more decimals than the currency has.
 * (The bounds are the service's: the emulator applies its own, the client lets the service answer.)
 */
export function amountFitsCurrency(amountKey: string) {
  const problemOf = (body: Record<string, unknown>) => {
    const value = body[amountKey]
    const code = body.currency
    if (typeof value !== 'string' || typeof code !== 'string' || currencyProblem(code) || amountProblem(value)) return
    return amountProblem(value, code)
  }
  const check = z.superRefine((body: Record<string, unknown>, ctx) => {
    const problem = problemOf(body)
    if (problem)
      ctx.addIssue(sentenceIssue({code: 'custom', message: problem, path: [amountKey], input: body[amountKey]}))
  })
  // On a body of the right shape, amount and currency are well formed: only the currency's decimals remain.
  bodyRules.set(check, body => {
    const value = body[amountKey]
    if (typeof value !== 'string' || typeof body.currency !== 'string') return true
    const units = minorUnits(body.currency)
    const dot = value.indexOf('.')
    return units === undefined || dot === -1 || value.length - dot - 1 <= units
  })
  return check
}

/** An array of strings, each under `item`. */
export function textList(item: StringRule, bounds: {min?: number; max?: number} = {}) {
  const checks = []
  if (bounds.min !== undefined)
    checks.push(z.minLength(bounds.min, `must have at least ${bounds.min} item${bounds.min === 1 ? '' : 's'}`))
  if (bounds.max !== undefined) checks.push(z.maxLength(bounds.max, `must have at most ${bounds.max} items`))
  return z.array(text(item), {error: typeError('an array')}).check(...checks)
}

/** Tags of a payout: at most 50, each 1 to 100 characters. */
export const tags = textList({max: 100}, {max: 50})

/** The `ids` of a v2 batch call: 1 to 100 payout ids or customIds. */
export const batchIds = textList({text: true, max: 300}, {min: 1, max: 100})

/** What a missing body or one that is not an object is told. */
export const bodyTypeError = (issue: {input?: unknown}) =>
  issue.input === undefined
    ? sentence(issue, 'a JSON object body is required')
    : `must be an object, not ${typeName(issue.input)}`

/** An object body; fields it does not list are ignored, never refused (spec: "further request fields: not shown"). */
export function body<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.object(shape, {error: bodyTypeError})
}

/** A nested object field. */
export function nested<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.object(shape, {error: typeError('an object')})
}

/** The `idempotency-key` header of a v2 POST: 1 to 255 characters (spec 4, 8). */
export const idempotencyKeyHeader = text({max: 255})

/**
 * An object whose fields are all it may hold: another field is refused by name ("is not a known field"). For
 * what the emulator itself defines (its control routes, the claim form), never for the service's bodies.
 */
export function strictNested<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.strictObject(shape, {error: typeError('an object')})
}

/**
 * The body of an operation that takes none: nothing, `null`, or an object whose fields are ignored; other JSON
 * (an array, a string, a number) is refused.
 */
export const noBody = z.optional(z.nullable(body({})))

/**
 * An integer within bounds, as a number or as the digits of a string (the emulator's control bodies). The document
 * bounds the number (JSON Schema's `minimum` applies to numbers only) and says the digits' bounds in words.
 */
export function integerIn(min: number, max: number) {
  const message = `must be an integer from ${min} to ${max}`
  const schema = z.union([z.number(), z.string()], {error: typeError('an integer')}).check(
    z.superRefine((value, ctx) => {
      const digits = typeof value === 'number' ? String(value) : value
      const number = Number(digits)
      if (!/^\d+$/.test(digits) || !Number.isSafeInteger(number) || number < min || number > max)
        ctx.addIssue({code: 'custom', message, input: value})
    }),
  )
  return noted(schema, {
    description: `An integer from ${min} to ${max}, as a number or as its digits.`,
    minimum: min,
    maximum: max,
    multipleOf: 1,
    pattern: '^\\d+$',
  })
}
