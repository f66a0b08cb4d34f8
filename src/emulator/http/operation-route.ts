import {routerPath} from '../../contract/operation-path.js'
import {OPERATIONS, type Operation, type OperationId, operations} from '../../contract/operations.js'
import type {AuthenticatedContext, HttpMethod, Reply} from './request-context.js'
import type {Route} from './router.js'

/** What an operation's handler does once the row's method, path, access, body and idempotency are handled. */
export type OperationHandler = (ctx: AuthenticatedContext) => Reply | Promise<Reply>

/** Handlers by operation id: a group of the emulator serves some rows of the contract's table. */
export type OperationHandlers = {readonly [K in OperationId]?: OperationHandler}

/** Handlers whose body stays the raw text (OAuth's registration answers its own errors for a body that is not JSON). */
export interface OperationRouteOptions {
  rawBody?: readonly OperationId[]
}

/** The route of one row: method, path, scopes, idempotency and the body's form, all from the contract's table. */
export function operationRoute(operation: Operation, handler: OperationHandler, rawBody = false): Route {
  return {
    operationId: operation.operationId,
    method: operation.method.toUpperCase() as HttpMethod,
    path: routerPath(operation.path),
    access: operation.auth === 'none' ? {kind: 'public'} : {kind: 'credentials', scopes: operation.scopes},
    idempotent: operation.idempotent,
    rawBody: rawBody || operation.body?.mediaType === 'application/x-www-form-urlencoded',
    handler,
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
    ),
  )
}
