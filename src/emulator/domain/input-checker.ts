import type * as z from 'zod/mini'
import {controlCharacterProblem, normalizeCustomId} from '../../contract/primitives.js'
import {isObject, type Json, RequestChecker} from '../../contract/request-checker.js'
import {checkRequest} from '../../contract/request-problems.js'
import {invalidField, validationError} from '../http/api-failure.js'
import {AMOUNT_LIMITS, SUPPORTED_CURRENCIES} from './reference-data.js'

export {isObject, type Json} from '../../contract/request-checker.js'

/**
 * The contract's request checks (src/contract/request-checker.ts) with what this service decides: the currencies
 * it settles, the smallest and largest amount, and the answer (VALIDATION_ERROR listing every problem).
 */
export class Checker extends RequestChecker {
  /** Throws VALIDATION_ERROR with every collected problem. */
  throwIfAny(index?: number): void {
    if (this.details.length) throw validationError(this.details, index)
  }

  /** `value` checked against a request schema of the contract; its problems join these (paths under `path`). */
  request<S extends z.ZodMiniType>(schema: S, value: unknown, path = this.base): z.output<S> | undefined {
    const result = checkRequest(schema, value, path)
    if (result.ok) return result.value
    this.details.push(...result.details)
    return undefined
  }

  /** `value` checked against a request schema of the contract; throws VALIDATION_ERROR with every problem. */
  parsed<S extends z.ZodMiniType>(schema: S, value: unknown): z.output<S> {
    const result = checkRequest(schema, value, this.base)
    if (result.ok) return result.value
    throw validationError(result.details)
  }

  /**
   * The service's own rules run on `value` even when the contract found problems, so a 400 lists every problem
   * at once; a field the contract already refused keeps its first problem.
   */
  serviceRules(value: unknown, rules: (obj: Json, policy: Checker) => void): void {
    if (!isObject(value)) return
    const policy = new Checker(this.base)
    rules(value, policy)
    const reported = new Set(this.details.map(detail => detail.path))
    this.details.push(...policy.details.filter(detail => !reported.has(detail.path)))
  }

  /** A currency the emulator settles in (SUPPORTED_CURRENCIES). */
  currency(obj: Json, key: string, required = true): string | undefined {
    return this.currencyOf(obj, key, SUPPORTED_CURRENCIES, required)
  }

  /** An amount within the emulator's bounds (AMOUNT_LIMITS). */
  amount(obj: Json, key: string, currency: string | undefined, required = true): string | undefined {
    return this.amountWithin(obj, key, currency, required, AMOUNT_LIMITS)
  }
}

/** An id or customId from the path: control characters are a VALIDATION_ERROR naming `id`; customIds match in NFC. */
export function checkedPathId(id: string): string {
  const problem = controlCharacterProblem(id)
  if (problem) throw invalidField('id', problem)
  return normalizeCustomId(id)
}
