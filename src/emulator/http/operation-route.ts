import type * as z from 'zod/mini'
import {routerPath} from '../../contract/operation-path.js'
import {OPERATIONS, type Operation, type OperationId, operations} from '../../contract/operations.js'
import {checkRequest} from '../../contract/request-problems.js'
import {validationError} from './api-failure.js'
import type {AuthenticatedContext, HttpMethod, Reply} from './request-context.js'
import type {Route} from './router.js'

/** What an operation's handler does once the row's method, path, access, body and idempotency are handled. */
export type OperationHandler = (ctx: AuthenticatedContext) => Reply | Promise<Reply>

/** Handlers by operation id: a group of the emulator serves some rows of the contract's table. */
export type OperationHandlers = {readonly [K in OperationId]?: OperationHandler}

export interface OperationRouteOptions {
  /** Handlers whose body stays the raw text (OAuth's registration answers its own errors for a body that is not JSON). */
  rawBody?: readonly OperationId[]
  /**
   * Handlers that check their JSON body themselves: they report the contract's problems together with the
   * service's own rules (currencies, amounts, balances) in one 400, so the route leaves the body to them.
   */
  ownBodyCheck?: readonly OperationId[]
}

/** The row's one JSON body schema, when the route checks the body (not raw, not a form, not the handler's own). */
function centralSchema(operation: Operation, rawBody: boolean, ownBodyCheck: boolean) {
  const body = operation.body
  if (!body || rawBody || ownBodyCheck || body.mediaType !== undefined || body.schemas.length !== 1) return undefined
  return {schema: body.schemas[0], required: body.required !== false}
}

/**
 * A body parsed by its schema (a row's, or a control route's of contract/control-bodies.ts): one that breaks it is
 * a 400 VALIDATION_ERROR with the formatter's details.
 */
export function parsedBody<S extends z.ZodMiniType>(schema: S, body: unknown): z.output<S> {
  const checked = checkRequest(schema, body)
  if (!checked.ok) throw validationError(checked.details)
  return checked.value
}

/**
 * The row's body checked as the route checks it, for a handler that must look something up first (a missing
 * resource is a 404 before its body is a 400).
 */
export function checkedBody<O extends Operation & {body: {schemas: readonly [z.ZodMiniType]}}>(
  operation: O,
  body: unknown,
): z.output<O['body']['schemas'][0]> {
  return parsedBody(operation.body.schemas[0], body) as z.output<O['body']['schemas'][0]>
}

/**
 * The handler behind the row's body check: a body that breaks the row's schema is a 400 VALIDATION_ERROR whose
 * details are the contract formatter's (request-problems.ts); the handler gets the parsed body.
 */
function checkingBody(operation: Operation, handler: OperationHandler, rawBody: boolean, ownBodyCheck: boolean) {
  const central = centralSchema(operation, rawBody, ownBodyCheck)
  if (!central) return handler
  return (ctx: AuthenticatedContext) => {
    if (ctx.body === undefined && !central.required) return handler(ctx)
    return handler({...ctx, body: parsedBody(central.schema, ctx.body)})
  }
}

/** The route of one row: method, path, scopes, idempotency, the body's form and its check, all from the table. */
export function operationRoute(
  operation: Operation,
  handler: OperationHandler,
  rawBody = false,
  ownBodyCheck = false,
): Route {
  return {
    operationId: operation.operationId,
    method: operation.method.toUpperCase() as HttpMethod,
    path: routerPath(operation.path),
    access: operation.auth === 'none' ? {kind: 'public'} : {kind: 'credentials', scopes: operation.scopes},
    idempotent: operation.idempotent,
    rawBody: rawBody || operation.body?.mediaType === 'application/x-www-form-urlencoded',
    handler: checkingBody(operation, handler, rawBody, ownBodyCheck),
  }
}

/**
 * The routes of every row, one handler each: a row served by two groups, or by none, stops the emulator from
 * starting (and test/emulator/operation-handlers.test.ts says which).
 */
export function operationRoutes(groups: readonly OperationHandlers[], options: OperationRouteOptions = {}): Route[] {
  const served = new Map<string, OperationHandler>()
  for (const group of groups)
    for (const [operationId, handler] of Object.entries(group)) {
      if (!Object.hasOwn(operations, operationId))
        throw new Error(`${operationId} is not a row of the operations table`)
      if (served.has(operationId)) throw new Error(`operation ${operationId} has two handlers`)
      if (handler) served.set(operationId, handler)
    }
  const missing = OPERATIONS.filter(operation => !served.has(operation.operationId))
  if (missing.length) throw new Error(`no handler for ${missing.map(operation => operation.operationId).join(', ')}`)
  return OPERATIONS.map(operation =>
    operationRoute(
      operation,
      served.get(operation.operationId)!,
      options.rawBody?.includes(operation.operationId as OperationId),
      options.ownBodyCheck?.includes(operation.operationId as OperationId),
    ),
  )
}
