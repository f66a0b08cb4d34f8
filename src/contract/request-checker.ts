import {type AmountLimits, amountProblem, currencyProblem} from '../shared/money.js'
import type {ErrorDetail} from './error-envelope.js'
import {
  controlCharacterProblem,
  EMAIL,
  EMAIL_MAX_LENGTH,
  freeTextProblem,
  type IdPrefix,
  isId,
  normalizeCustomId,
  PHONE,
  UUID,
} from './primitives.js'

/**
 * Request checks of the contract: a checker that collects every problem with its path (`recipient.email`,
 * `items.3.amount`) so that a 400 answer lists them all in `details`. Strict only where the spec is: a field
 * it requires must be there and well formed; a field it does not show is ignored (spec: "further request
 * fields: not shown"), so what real clients send is never refused for being unknown.
 */

export type Json = Record<string, unknown>

export const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

export const typeName = (value: unknown): string => {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value
}

export interface StringRule {
  required?: boolean
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

/** Why `value` breaks `rule` (length, list, control characters, pattern; the first problem only); undefined when fine. */
export function stringProblem(value: string, rule: StringRule): string | undefined {
  const min = rule.min ?? 1
  if (value.length < min) return min === 1 ? 'must not be empty' : `must have at least ${min} characters`
  if (rule.max !== undefined && value.length > rule.max) return `must have at most ${rule.max} characters`
  if (rule.oneOf && !rule.oneOf.includes(value)) return `must be one of ${rule.oneOf.join(', ')}`
  const control = rule.text ? controlCharacterProblem(value) : rule.freeText ? freeTextProblem(value) : undefined
  if (control) return control
  if (rule.pattern && !rule.pattern.test(value)) return rule.patternMessage ?? `does not match ${rule.pattern}`
  return undefined
}

export class RequestChecker {
  readonly details: ErrorDetail[] = []

  constructor(readonly base = '') {}

  path(key: string | number): string {
    return this.base ? `${this.base}.${key}` : String(key)
  }

  fail(path: string, message: string): void {
    this.details.push({path, message})
  }

  get ok(): boolean {
    return this.details.length === 0
  }

  /**
   * Checks that `value` is an object; `path` '' is the body itself. With `known`, answers a copy holding only
   * those fields: the others are ignored (the spec's "further request fields: not shown"), never refused.
   */
  object(value: unknown, path: string, known?: readonly string[], required = true): Json | undefined {
    if (value === undefined) {
      if (required) this.fail(path, path ? 'is required' : 'a JSON object body is required')
      return undefined
    }
    if (!isObject(value)) {
      this.fail(path, `must be an object, not ${typeName(value)}`)
      return undefined
    }
    if (!known) return value
    const picked: Json = {}
    for (const key of known) if (Object.hasOwn(value, key)) picked[key] = value[key]
    return picked
  }

  /** An object with only `allowed` keys: for routes that are not the service's (the emulator's own controls). */
  strictObject(value: unknown, path: string, allowed: readonly string[], required = true): Json | undefined {
    const object = this.object(value, path, undefined, required)
    if (object)
      for (const key of Object.keys(object))
        if (!allowed.includes(key)) this.fail(path ? `${path}.${key}` : key, 'is not a known field')
    return object
  }

  string(obj: Json, key: string, rule: StringRule = {}): string | undefined {
    const path = this.path(key)
    const value = obj[key]
    if (value === undefined) {
      if (rule.required) this.fail(path, 'is required')
      return undefined
    }
    if (typeof value !== 'string') {
      this.fail(path, `must be a string, not ${typeName(value)}`)
      return undefined
    }
    const problem = stringProblem(value, rule)
    if (problem) {
      this.fail(path, problem)
      return undefined
    }
    return value
  }

  boolean(obj: Json, key: string, required = false): boolean | undefined {
    const value = obj[key]
    if (value === undefined) {
      if (required) this.fail(this.path(key), 'is required')
      return undefined
    }
    if (typeof value !== 'boolean') {
      this.fail(this.path(key), `must be true or false, not ${typeName(value)}`)
      return undefined
    }
    return value
  }

  email(obj: Json, key: string, required = false): string | undefined {
    return this.string(obj, key, {
      required,
      max: EMAIL_MAX_LENGTH,
      pattern: EMAIL,
      patternMessage: 'must be an e-mail address',
    })
  }

  phone(obj: Json, key: string, required = false): string | undefined {
    return this.string(obj, key, {
      required,
      pattern: PHONE,
      patternMessage: 'must be a phone number in international format, like +4915112345678',
    })
  }

  /** An absolute http or https URL. */
  url(obj: Json, key: string, required = false): string | undefined {
    const value = this.string(obj, key, {required, max: 2048})
    if (value === undefined) return undefined
    let parsed: URL | undefined
    try {
      parsed = new URL(value)
    } catch {
      parsed = undefined
    }
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
      this.fail(this.path(key), 'must be an absolute http or https URL')
      return undefined
    }
    return value
  }

  uuid(obj: Json, key: string, required = false): string | undefined {
    return this.string(obj, key, {required, pattern: UUID, patternMessage: 'must be a UUID'})
  }

  /** A `<prefix>` + UUID id (`counterparty_…`). */
  id(obj: Json, key: string, prefix: IdPrefix, required = false): string | undefined {
    const value = this.string(obj, key, {required, text: true})
    if (value === undefined) return undefined
    if (!isId(prefix, value)) {
      this.fail(this.path(key), `must be a ${prefix.slice(0, -1)} id (${prefix}<uuid>)`)
      return undefined
    }
    return value
  }

  /** A customId: no control characters, normalised to NFC (the composed and decomposed forms are one id). */
  customId(obj: Json, key: string, max: number, required = false): string | undefined {
    const value = this.string(obj, key, {required, max, text: true})
    return value === undefined ? undefined : normalizeCustomId(value)
  }

  /** An array of strings; each item non-empty and at most `maxLength` long. */
  stringArray(
    obj: Json,
    key: string,
    rule: {required?: boolean; minItems?: number; maxItems?: number; maxLength?: number; item?: StringRule} = {},
  ): string[] | undefined {
    const path = this.path(key)
    const value = obj[key]
    if (value === undefined) {
      if (rule.required) this.fail(path, 'is required')
      return undefined
    }
    if (!Array.isArray(value)) {
      this.fail(path, `must be an array, not ${typeName(value)}`)
      return undefined
    }
    if (rule.minItems !== undefined && value.length < rule.minItems) {
      this.fail(path, `must have at least ${rule.minItems} item${rule.minItems === 1 ? '' : 's'}`)
      return undefined
    }
    if (rule.maxItems !== undefined && value.length > rule.maxItems) {
      this.fail(path, `must have at most ${rule.maxItems} items`)
      return undefined
    }
    const before = this.details.length
    const items = new RequestChecker(path)
    for (let index = 0; index < value.length; index++)
      items.string(value as unknown as Json, String(index), {required: true, max: rule.maxLength, ...rule.item})
    this.details.push(...items.details)
    return this.details.length === before ? (value as string[]) : undefined
  }

  /** A three-letter currency code; which ones are settled is the service's decision (`supported`). */
  currencyOf(obj: Json, key: string, supported: readonly string[], required = true): string | undefined {
    const value = this.string(obj, key, {required})
    if (value === undefined) return undefined
    const problem = currencyProblem(value)
    if (problem) {
      this.fail(this.path(key), problem)
      return undefined
    }
    if (!supported.includes(value)) {
      this.fail(this.path(key), `unsupported currency ${value}; the service accepts ${supported.join(', ')}`)
      return undefined
    }
    return value
  }

  /** A positive plain decimal string with no more decimals than `currency` allows, within the service's `limits`. */
  amountWithin(
    obj: Json,
    key: string,
    currency: string | undefined,
    required = true,
    limits: AmountLimits = {},
  ): string | undefined {
    const path = this.path(key)
    const value = obj[key]
    if (value === undefined) {
      if (required) this.fail(path, 'is required')
      return undefined
    }
    if (typeof value !== 'string') {
      this.fail(path, `must be a decimal string like "12.50", not ${typeName(value)}`)
      return undefined
    }
    const problem = amountProblem(value, currency, limits)
    if (problem) {
      this.fail(path, problem)
      return undefined
    }
    return value
  }

  /** An integer query or body value within bounds. */
  integer(value: unknown, path: string, min: number, max: number): number | undefined {
    if (value === undefined) return undefined
    const text = typeof value === 'number' ? String(value) : value
    if (typeof text !== 'string' || !/^\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
      this.fail(path, `must be an integer from ${min} to ${max}`)
      return undefined
    }
    const number = Number(text)
    if (number < min || number > max) {
      this.fail(path, `must be an integer from ${min} to ${max}`)
      return undefined
    }
    return number
  }
}
