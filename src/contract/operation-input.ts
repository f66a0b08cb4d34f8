import type * as z from 'zod/mini'
import type {ErrorDetail} from './error-envelope.js'
import {requestSchema} from './operation-bodies.js'
import type {Operation} from './operation-types.js'
import {queryValues} from './query-values.js'
import {type Checked, checkRequest} from './request-problems.js'
import {idempotencyKeyHeader, noBody} from './requests/request-fields.js'

/**
 * What a row of the operations table takes, as the server checks it: its path parameters, its query string, its
 * JSON body (a row without one takes none), its idempotency key, and which batch item a problem belongs to. The
 * emulator checks every operation's request with these; nothing else checks a request.
 */

export interface BodyRule {
  schema: z.ZodMiniType
  /** False: a request without a body is let through unchecked. */
  required: boolean
}

/**
 * The row's JSON body rule: its one schema, or `noBody` for a row without a body. Undefined for a body that is
 * not one JSON schema (the OAuth token request's form, checked by the authorization server).
 */
export function bodyRuleOf(operation: Operation): BodyRule | undefined {
  const body = operation.body
  if (!body) return {schema: noBody, required: false}
  if (body.mediaType !== undefined || body.schemas.length !== 1) return undefined
  return {schema: requestSchema(body.schemas[0]), required: body.required !== false}
}

/** The row's query string read by its schema (`queryValues`) and checked; a row without a query takes any. */
export function checkQuery(operation: Operation, query: URLSearchParams): Checked<Record<string, unknown>> {
  if (!operation.query) return {ok: true, value: {}}
  return checkRequest(operation.query, queryValues(operation.query, query))
}

/**
 * The row's path parameters, each by its schema (problems named by the parameter, `id`) and then by its rule on
 * the checked query; a query with problems of its own leaves the rules out (its problems say what to fix first).
 */
export function checkPath(
  operation: Operation,
  params: Readonly<Record<string, string>>,
  query: Checked<Record<string, unknown>>,
): Checked<Record<string, string>> {
  const value: Record<string, string> = {...params}
  const details: ErrorDetail[] = []
  for (const {name, schema, rule} of operation.pathParameters ?? []) {
    const checked = checkRequest(schema, params[name], name)
    if (!checked.ok) details.push(...checked.details)
    else {
      const problem = query.ok ? rule?.(checked.value, query.value) : undefined
      if (problem) details.push({path: name, message: problem})
      else value[name] = checked.value
    }
  }
  return details.length ? {ok: false, details} : {ok: true, value}
}

/** An operation's `idempotency-key` header, when sent: its problem is named by the header. */
export const checkIdempotencyKey = (value: string | undefined): Checked<string | undefined> =>
  value === undefined ? {ok: true, value} : checkRequest(idempotencyKeyHeader, value, 'idempotency-key')

/**
 * The item of a batch body (`items`, or the `ids` of a batch step) that the first problem belongs to: the answer's
 * `error.index` (spec 4.5).
 */
export function batchItemIndex(details: readonly ErrorDetail[]): number | undefined {
  const indexes = details.flatMap(detail => /^(?:items|ids)\.(\d+)(\.|$)/.exec(detail.path)?.[1] ?? []).map(Number)
  return indexes.length ? Math.min(...indexes) : undefined
}
