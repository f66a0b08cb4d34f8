import {describe, expect, it} from 'vitest'
import {routerPath} from '../../src/contract/operation-path.js'
import {OPERATIONS, operations} from '../../src/contract/operations.js'
import {checkRequest} from '../../src/contract/request-problems.js'
import {createWebhookBody} from '../../src/contract/requests/index.js'
import {ApiFailure} from '../../src/emulator/http/api-failure.js'
import {operationRoute, operationRoutes} from '../../src/emulator/http/operation-route.js'
import {type AuthenticatedContext, ok} from '../../src/emulator/http/request-context.js'
import {buildRouter} from '../../src/emulator/route-table.js'

const routes = buildRouter({} as never).list()
const everyHandler = Object.fromEntries(OPERATIONS.map(operation => [operation.operationId, () => ok({})]))

describe('the emulator serves the operations table', () => {
  it('has exactly one handler per row, and every handler is a row', () => {
    const served = routes.flatMap(route => (route.operationId ? [route.operationId] : []))
    expect(served.sort()).toEqual(OPERATIONS.map(operation => operation.operationId).sort())
  })

  it('takes method, path, scopes and idempotency from the row', () => {
    for (const operation of OPERATIONS) {
      const route = routes.find(candidate => candidate.operationId === operation.operationId)
      expect(route, operation.operationId).toMatchObject({
        method: operation.method.toUpperCase(),
        path: routerPath(operation.path),
        access: operation.auth === 'none' ? {kind: 'public'} : {kind: 'credentials', scopes: operation.scopes},
        idempotent: operation.idempotent,
      })
    }
  })

  it("serves no row's method and path with a route of its own", () => {
    const rowKeys = new Set(
      OPERATIONS.map(operation => `${operation.method.toUpperCase()} ${routerPath(operation.path)}`),
    )
    const own = routes.filter(route => !route.operationId && rowKeys.has(`${route.method} ${route.path}`))
    expect(own.map(route => `${route.method} ${route.path}`)).toEqual([])
  })

  it('refuses a row without a handler, a row with two, and a handler without a row', () => {
    const {getTeamV2: _, ...withoutOne} = everyHandler
    expect(() => operationRoutes([withoutOne])).toThrow('no handler for getTeamV2')
    expect(() => operationRoutes([everyHandler, {getTeamV2: () => ok({})}])).toThrow(
      'operation getTeamV2 has two handlers',
    )
    expect(() => operationRoutes([everyHandler, {getTeamV3: () => ok({})} as never])).toThrow(
      'getTeamV3 is not a row of the operations table',
    )
    expect(operationRoutes([everyHandler]).map(route => route.path)).toContain(
      routerPath(operations.approvePayoutV2.path),
    )
  })

  it("checks the body against the row's schema and hands the handler the parsed body", async () => {
    const seen: unknown[] = []
    const handler = (ctx: AuthenticatedContext) => {
      seen.push(ctx.body)
      return ok({})
    }
    const withBody = (body: unknown) => ({body}) as AuthenticatedContext
    const route = operationRoute(operations.createWebhook, handler)
    await route.handler(withBody({targetUrl: 'https://example.com/hook', unknown: 1}))
    expect(seen).toEqual([{targetUrl: 'https://example.com/hook'}])
    const bad = {targetUrl: 'ftp://example.com', events: ['nope']}
    let failure: unknown
    try {
      await route.handler(withBody(bad))
    } catch (error) {
      failure = error
    }
    expect(failure).toBeInstanceOf(ApiFailure)
    const expected = checkRequest(createWebhookBody, bad)
    expect(expected.ok).toBe(false)
    expect((failure as ApiFailure).details).toEqual(expected.ok ? [] : expected.details)
    expect(seen).toHaveLength(1)
    await operationRoute(operations.createWebhook, handler, false, true).handler(withBody(bad))
    expect(seen[1]).toBe(bad)
  })
})
