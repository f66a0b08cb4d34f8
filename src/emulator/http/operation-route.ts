import type * as z from 'zod/mini'
import {CONTROL_OPERATIONS, type controlOperations} from '../../contract/control-operations.js'
import type {ErrorDetail} from '../../contract/error-envelope.js'
import {batchItemIndex, bodyRuleOf, checkPath, checkQuery} from '../../contract/operation-input.js'
import {routerPath} from '../../contract/operation-path.js'
import {type BodyValueOf, httpMethodOf, type ParamsOf, type QueryValueOf} from '../../contract/operation-types.js'
import {OPERATIONS, type Operation, type operations} from '../../contract/operations.js'
import {type Checked, checkRequest, joinProblems} from '../../contract/request-problems.js'
import {validationError} from './api-failure.js'
import type {AuthenticatedContext, Reply} from './request-context.js'
import type {Access, Route} from './router.js'

/**
 * What the handler of row `O` sees: the request with the row's method, path, access and idempotency handled, its
 * path parameters, query and body checked against the row's schemas (contract/operation-input.ts) and parsed,
 * each typed by the row.
 */
export type OperationContext<O extends Operation = Operation> = AuthenticatedContext & {
  params: ParamsOf<O>
  body: BodyValueOf<O>
  /** The query string as the row's schema reads it (defaults applied); `{}` for a row without a query. */
  parsedQuery: QueryValueOf<O>
}

/** What an operation's handler does once the row's method, path, access, query, body and idempotency are handled. */
export type OperationHandler<O extends Operation = Operation> = (ctx: OperationContext<O>) => Reply | Promise<Reply>

/**
 * A handler with a step before the request is checked, or rules of the service checked with it: `before` is a
 * gate or the lookup of the resource the path names (its 403 or 404 comes before a 400); `serviceRules` are the
 * service's own rules on the body (currencies, amounts), run alongside the row's schema so that one 400 lists
 * every problem; `handle` gets what `before` found.
 */
export interface GuardedHandler<O extends Operation, Found> {
  before?: (ctx: OperationContext<O>) => Found
  serviceRules?: (body: unknown, found: Found) => ErrorDetail[]
  handle: (ctx: OperationContext<O>, found: Found) => Reply | Promise<Reply>
}

interface Guarded<O extends Operation> {
  readonly guarded: GuardedHandler<O, unknown>
}

/** The row is inferred from where the handler is put (a key of `OperationHandlers` or `ControlHandlers`). */
export const guarded = <O extends Operation, Found = undefined>(handler: GuardedHandler<O, Found>): Guarded<O> => ({
  guarded: handler as GuardedHandler<O, unknown>,
})

/** What serves row `O`. */
export type Handler<O extends Operation> = OperationHandler<O> | Guarded<O>

/** Handlers by operation id: a group of the emulator serves some rows of one table. */
export type HandlersOf<Table> = {readonly [K in keyof Table]?: Table[K] extends Operation ? Handler<Table[K]> : never}

/** Handlers of rows of the contract's operations table. */
export type OperationHandlers = HandlersOf<typeof operations>

/** Handlers of rows of the emulator's control table. */
export type ControlHandlers = HandlersOf<typeof controlOperations>

/** Any handler, as the route table stores it once its row's types have been checked where it was written. */
type AnyHandler = OperationHandler | Guarded<Operation>

/**
 * A value parsed by its schema outside a row's own checks (the claim page's form, the DAC7 step's tax residence):
 * one that breaks it is a 400 VALIDATION_ERROR with the formatter's details, under `base`.
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
function checkingHandler(operation: Operation, handler: AnyHandler, rawBody: boolean) {
  const {before, serviceRules, handle}: GuardedHandler<Operation, unknown> =
    typeof handler === 'function' ? {handle: handler} : handler.guarded
  return (request: AuthenticatedContext) => {
    const {ctx, query} = checkedUrl(operation, request)
    const found = before?.({...ctx, parsedQuery: {}})
    const rules = serviceRules && ((body: unknown) => serviceRules(body, found))
    return handle(checkedContext(operation, ctx, query, rawBody, rules), found)
  }
}

/** Who may call the row: its credentials and scopes, nobody in particular, or this machine (control routes). */
function accessOf(operation: Operation): Access {
  if (operation.auth === 'none') return {kind: 'public'}
  if (operation.auth === 'control') return {kind: 'loopback'}
  return {kind: 'credentials', scopes: operation.scopes}
}

/** The route of one row: method, path, scopes, idempotency, the request's form and its checks, all from the table. */
export function operationRoute(
  operation: Operation,
  handler: AnyHandler,
  rawBody = operation.body?.anyContentType === true,
): Route {
  return {
    operationId: operation.operationId,
    method: httpMethodOf(operation),
    path: routerPath(operation.path),
    access: accessOf(operation),
    idempotent: operation.idempotent,
    rawBody: rawBody || operation.body?.mediaType === 'application/x-www-form-urlencoded',
    handler: checkingHandler(operation, handler, rawBody) as Route['handler'],
  }
}

/**
 * The routes of every row of a table, one handler each: a row served by two groups, or by none, stops the
 * emulator from starting (and test/emulator/operation-handlers.test.ts says which).
 */
function tableRoutes(
  table: {name: string; rows: readonly Operation[]},
  groups: readonly Readonly<Record<string, unknown>>[],
): Route[] {
  const served = new Map<string, AnyHandler>()
  const known = new Set(table.rows.map(operation => operation.operationId))
  for (const group of groups)
    for (const [operationId, handler] of Object.entries(group)) {
      if (!known.has(operationId)) throw new Error(`${operationId} is not a row of the ${table.name}`)
      if (served.has(operationId)) throw new Error(`operation ${operationId} has two handlers`)
      if (handler) served.set(operationId, handler as AnyHandler)
    }
  const missing = table.rows.filter(operation => !served.has(operation.operationId))
  if (missing.length) throw new Error(`no handler for ${missing.map(operation => operation.operationId).join(', ')}`)
  return table.rows.flatMap(operation => {
    const handler = served.get(operation.operationId)
    return handler ? [operationRoute(operation, handler)] : []
  })
}

/** The routes of the contract's operations table. */
export const operationRoutes = (groups: readonly OperationHandlers[]): Route[] =>
  tableRoutes({name: 'operations table', rows: OPERATIONS}, groups)

/** The routes of the emulator's control table (contract/control-operations.ts). */
export const controlOperationRoutes = (groups: readonly ControlHandlers[]): Route[] =>
  tableRoutes({name: 'control table', rows: CONTROL_OPERATIONS}, groups)
