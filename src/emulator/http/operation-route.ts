import type * as z from 'zod/mini'
import type {ErrorDetail} from '../../contract/error-envelope.js'
import {batchItemIndex, bodyRuleOf, checkPath, checkQuery} from '../../contract/operation-input.js'
import {routerPath} from '../../contract/operation-path.js'
import {OPERATIONS, type Operation, type OperationId, operations} from '../../contract/operations.js'
import {type Checked, checkRequest, joinProblems} from '../../contract/request-problems.js'
import {present} from '../../shared/present.js'
import {validationError} from './api-failure.js'
import type {AuthenticatedContext, HttpMethod, Reply} from './request-context.js'
import type {Route} from './router.js'

/**
 * What an operation's handler sees: the request with the row's method, path, access and idempotency handled, its
 * path parameters, query and body checked against the row's schemas (contract/operation-input.ts) and parsed.
 */
export type OperationContext = AuthenticatedContext & {
  /** The query string as the row's schema reads it (defaults applied); `{}` for a row without a query. */
  parsedQuery: Record<string, unknown>
}

/** What an operation's handler does once the row's method, path, access, query, body and idempotency are handled. */
export type OperationHandler = (ctx: OperationContext) => Reply | Promise<Reply>

/**
 * A handler with a step before the request is checked, or rules of the service checked with it: `before` is a
 * gate or the lookup of the resource the path names (its 403 or 404 comes before a 400); `serviceRules` are the
 * service's own rules on the body (currencies, amounts), run alongside the row's schema so that one 400 lists
 * every problem; `handle` gets what `before` found.
 */
export interface GuardedHandler<Found> {
  before?: (ctx: OperationContext) => Found
  serviceRules?: (body: unknown, found: Found) => ErrorDetail[]
  handle: (ctx: OperationContext, found: Found) => Reply | Promise<Reply>
}

interface Guarded {
  readonly guarded: GuardedHandler<unknown>
}

export const guarded = <Found = undefined>(handler: GuardedHandler<Found>): Guarded => ({
  guarded: handler as GuardedHandler<unknown>,
})

/** Handlers by operation id: a group of the emulator serves some rows of the contract's table. */
export type OperationHandlers = {readonly [K in OperationId]?: OperationHandler | Guarded}

/** The query of a checked request, typed by its row. */
export const queryOf = <O extends Operation & {query: z.ZodMiniObject}>(_operation: O, ctx: OperationContext) =>
  ctx.parsedQuery as z.output<O['query']>

/**
 * A body parsed by its schema (a control route's of contract/control-bodies.ts, the claim's): one that breaks it
 * is a 400 VALIDATION_ERROR with the formatter's details, under `base`.
 */
export function parsedBody<S extends z.ZodMiniType>(schema: S, body: unknown, base = ''): z.output<S> {
  const checked = checkRequest(schema, body, base)
  if (!checked.ok) throw validationError(checked.details)
  return checked.value
}

/**
 * The request's path parameters and query checked against the row: a path parameter the row refuses is a 400
 * before anything is looked up (with the query's problems, if any, in the same answer).
 */
function checkedUrl(operation: Operation, ctx: AuthenticatedContext) {
  const query = checkQuery(operation, ctx.query)
  const path = checkPath(operation, ctx.params, query)
  if (!path.ok) throw validationError([...path.details, ...(query.ok ? [] : query.details)])
  return {ctx: {...ctx, params: path.value}, query}
}

/**
 * The rest of the request checked against the row: its query, and its JSON body (unless the route keeps the raw
 * text), with the service's rules alongside. Every problem is in one 400 VALIDATION_ERROR; a batch's names its
 * first item.
 */
function checkedContext(
  operation: Operation,
  ctx: AuthenticatedContext,
  query: Checked<Record<string, unknown>>,
  rawBody: boolean,
  serviceRules: ((body: unknown) => ErrorDetail[]) | undefined,
): OperationContext {
  const rule = rawBody ? undefined : bodyRuleOf(operation)
  const checksBody = rule !== undefined && (ctx.body !== undefined || rule.required)
  const body = checksBody ? checkRequest(rule.schema, ctx.body) : {ok: true as const, value: ctx.body}
  const problems = joinProblems(
    [...(query.ok ? [] : query.details), ...(body.ok ? [] : body.details)],
    checksBody && serviceRules ? serviceRules(ctx.body) : [],
  )
  if (problems.length) throw validationError(problems, batchItemIndex(problems))
  return {...ctx, body: body.ok ? body.value : undefined, parsedQuery: query.ok ? query.value : {}}
}

/** The handler behind the row's checks: the path first, then `before`, then the query and body. */
function checkingHandler(operation: Operation, handler: OperationHandler | Guarded, rawBody: boolean) {
  const {before, serviceRules, handle}: GuardedHandler<unknown> =
    typeof handler === 'function' ? {handle: handler} : handler.guarded
  return (request: AuthenticatedContext) => {
    const {ctx, query} = checkedUrl(operation, request)
    const found = before?.({...ctx, parsedQuery: {}})
    const rules = serviceRules && ((body: unknown) => serviceRules(body, found))
    return handle(checkedContext(operation, ctx, query, rawBody, rules), found)
  }
}

/** The route of one row: method, path, scopes, idempotency, the request's form and its checks, all from the table. */
export function operationRoute(
  operation: Operation,
  handler: OperationHandler | Guarded,
  rawBody = operation.body?.anyContentType === true,
): Route {
  return {
    operationId: operation.operationId,
    method: operation.method.toUpperCase() as HttpMethod,
    path: routerPath(operation.path),
    access: operation.auth === 'none' ? {kind: 'public'} : {kind: 'credentials', scopes: operation.scopes},
    idempotent: operation.idempotent,
    rawBody: rawBody || operation.body?.mediaType === 'application/x-www-form-urlencoded',
    handler: checkingHandler(operation, handler, rawBody) as Route['handler'],
  }
}

/**
 * The routes of every row, one handler each: a row served by two groups, or by none, stops the emulator from
 * starting (and test/emulator/operation-handlers.test.ts says which).
 */
export function operationRoutes(groups: readonly OperationHandlers[]): Route[] {
  const served = new Map<string, OperationHandler | Guarded>()
  for (const group of groups)
    for (const [operationId, handler] of Object.entries(group)) {
      if (!Object.hasOwn(operations, operationId))
        throw new Error(`${operationId} is not a row of the operations table`)
      if (served.has(operationId)) throw new Error(`operation ${operationId} has two handlers`)
      if (handler) served.set(operationId, handler)
    }
  const missing = OPERATIONS.filter(operation => !served.has(operation.operationId))
  if (missing.length) throw new Error(`no handler for ${missing.map(operation => operation.operationId).join(', ')}`)
  return OPERATIONS.map(operation => operationRoute(operation, present(served.get(operation.operationId))))
}
