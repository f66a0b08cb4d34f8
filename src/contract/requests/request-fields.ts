import * as z from 'zod/mini'
import {amountProblem, currencyProblem} from '../../shared/money.js'
import {EMAIL, EMAIL_MAX_LENGTH, type IdPrefix, isId, PHONE, UUID} from '../primitives.js'
import {type StringRule, stringProblem, typeName} from '../request-checker.js'

/**
 * The fields request bodies are made of, each a zod schema whose problems read as the service's 400 answers do
 * (the same words as RequestChecker). Rules the service decides (which currencies it settles, the smallest and
 * largest amount, which countries) are not here: the contract knows the shape, the service the policy.
 */

/** What a missing or wrongly typed value is called; `what` names the expected type ("a string", "an object"). */
const typeError = (what: string) => (issue: {input?: unknown}) =>
  issue.input === undefined ? 'is required' : `must be ${what}, not ${typeName(issue.input)}`

/** A string under `rule` (lengths, list, control characters, pattern), one problem per field. */
export function text(rule: StringRule = {}) {
  return z.string({error: typeError('a string')}).check(
    z.superRefine((value, ctx) => {
      const problem = stringProblem(value, rule)
      if (problem) ctx.addIssue({code: 'custom', message: problem, input: value})
    }),
  )
}

/** Free text (descriptions, names, address lines): line breaks and tabs are text, other controls are refused. */
export const freeText = (max: number, min = 1) => text({freeText: true, max, min})

/** Text people or systems key on (customIds): no control character at all. */
export const keyText = (max: number) => text({text: true, max})

export const customId = keyText(255)

export const email = text({max: EMAIL_MAX_LENGTH, pattern: EMAIL, patternMessage: 'must be an e-mail address'})

export const phone = text({
  pattern: PHONE,
  patternMessage: 'must be a phone number in international format, like +4915112345678',
})

export const uuid = text({pattern: UUID, patternMessage: 'must be a UUID'})

/** A `<prefix>` + UUID id (`counterparty_…`). */
export const prefixedId = (prefix: IdPrefix) =>
  text({text: true}).check(
    z.refine(value => isId(prefix, value), `must be a ${prefix.slice(0, -1)} id (${prefix}<uuid>)`),
  )

/** An absolute http or https URL. */
export const httpUrl = text({max: 2048}).check(
  z.refine(value => {
    try {
      const {protocol} = new URL(value)
      return protocol === 'http:' || protocol === 'https:'
    } catch {
      return false
    }
  }, 'must be an absolute http or https URL'),
)

/** One of a closed list of values (its type is that union). */
export const choice = <const Values extends readonly [string, ...string[]]>(values: Values) => z.enum(values)

export const flag = z.boolean({error: typeError('true or false')})

/** A three-letter currency code; which ones are settled is the service's decision. */
export const currency = z.string({error: typeError('a string')}).check(
  z.superRefine((value, ctx) => {
    const problem = value ? currencyProblem(value) : 'must not be empty'
    if (problem) ctx.addIssue({code: 'custom', message: problem, input: value})
  }),
)

/** A positive plain decimal string; its decimals are checked against the currency by `amountFitsCurrency`. */
export const amount = z.string({error: typeError('a decimal string like "12.50"')}).check(
  z.superRefine((value, ctx) => {
    const problem = amountProblem(value)
    if (problem) ctx.addIssue({code: 'custom', message: problem, input: value})
  }),
)

/**
 * The object check of a body holding an amount and its currency: no more decimals than the currency has.
 * (The bounds are the service's: the emulator applies its own, the client lets the service answer.)
 */
export function amountFitsCurrency(amountKey: string) {
  return z.superRefine((body: Record<string, unknown>, ctx) => {
    const value = body[amountKey]
    const code = body.currency
    if (typeof value !== 'string' || typeof code !== 'string' || currencyProblem(code) || amountProblem(value)) return
    const problem = amountProblem(value, code)
    if (problem) ctx.addIssue({code: 'custom', message: problem, path: [amountKey], input: value})
  })
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
export const batchIds = textList({max: 300}, {min: 1, max: 100})

/** An object body; fields it does not list are ignored, never refused (spec: "further request fields: not shown"). */
export function body<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.object(shape, {
    error: issue =>
      issue.input === undefined ? 'a JSON object body is required' : `must be an object, not ${typeName(issue.input)}`,
  })
}

/** A nested object field. */
export function nested<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.object(shape, {error: typeError('an object')})
}

/** An integer within bounds, as a number or as the digits of a query string. */
export function integerIn(min: number, max: number) {
  const message = `must be an integer from ${min} to ${max}`
  return z.union([z.number(), z.string()], {error: typeError('an integer')}).check(
    z.superRefine((value, ctx) => {
      const digits = typeof value === 'number' ? String(value) : value
      const number = Number(digits)
      if (!/^\d+$/.test(digits) || !Number.isSafeInteger(number) || number < min || number > max)
        ctx.addIssue({code: 'custom', message, input: value})
    }),
  )
}
