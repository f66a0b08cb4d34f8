import {describe, expect, it} from 'vitest'
import {OAUTH_CLIENT_SCOPES} from '../../src/contract/control-bodies.js'
import {CONTROL_OPERATIONS, controlOperations} from '../../src/contract/control-operations.js'
import {routerPath} from '../../src/contract/operation-path.js'
import {OPERATIONS, type Operation, operations} from '../../src/contract/operations.js'
import {checkRequest} from '../../src/contract/request-problems.js'
import {createWebhookBody} from '../../src/contract/requests/index.js'
import {ApiFailure} from '../../src/emulator/http/api-failure.js'
import {
  controlOperationRoutes,
  guarded,
  operationRoute,
  operationRoutes,
} from '../../src/emulator/http/operation-route.js'
import {type AuthenticatedContext, ok} from '../../src/emulator/http/request-context.js'
import {OAUTH_SCOPES} from '../../src/emulator/oauth/oauth-scopes.js'
import {buildRouter} from '../../src/emulator/route-table.js'

const routes = buildRouter({} as never).list()
const handlersOf = (rows: readonly Operation[]) =>
  Object.fromEntries(rows.map(operation => [operation.operationId, () => ok({})]))
const everyHandler = handlersOf(OPERATIONS)
/** Both tables' rows: the service's operations and the emulator's control routes. */
const ROWS = [...OPERATIONS, ...CONTROL_OPERATIONS]
const accessOf = (operation: Operation) => {
  if (operation.auth === 'none') return {kind: 'public'}
  return operation.auth === 'control' ? {kind: 'loopback'} : {kind: 'credentials', scopes: operation.scopes}
}
/** A well-formed id for the rows with a path parameter. */
const params = {id: 'payout_0b7d6c1e-3a52-4f0e-9d7c-5e2f8a1b4c3d'}
const request = (fields: Partial<AuthenticatedContext>) => fields as AuthenticatedContext

describe('the emulator serves the operations table and the control table', () => {
  it('has exactly one handler per row, and every handler is a row', () => {
    const served = routes.flatMap(route => (route.operationId ? [route.operationId] : []))
    expect(served.sort()).toEqual(ROWS.map(operation => operation.operationId).sort())
    expect(new Set(served).size, 'an operation id of both tables').toBe(served.length)
  })

  it('takes method, path, access, scopes and idempotency from the row', () => {
    for (const operation of ROWS) {
      const route = routes.find(candidate => candidate.operationId === operation.operationId)
      expect(route, operation.operationId).toMatchObject({
        method: operation.method.toUpperCase(),
        path: routerPath(operation.path),
        access: accessOf(operation),
        idempotent: operation.idempotent,
      })
    }
    expect(routes.filter(route => route.access.kind === 'loopback').map(route => route.operationId)).toEqual(
      CONTROL_OPERATIONS.filter(operation => operation.auth === 'control').map(operation => operation.operationId),
    )
  })

  it("serves no row's method and path with a route of its own", () => {
    const rowKeys = new Set(ROWS.map(operation => `${operation.method.toUpperCase()} ${routerPath(operation.path)}`))
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
    const everyControl = handlersOf(CONTROL_OPERATIONS)
    const {advanceClock: __, ...withoutClock} = everyControl
    expect(() => controlOperationRoutes([withoutClock])).toThrow('no handler for advanceClock')
    expect(() => controlOperationRoutes([everyControl, {getTeamV2: () => ok({})} as never])).toThrow(
      'getTeamV2 is not a row of the control table',
    )
  })

  it("checks a control route's body against its row and hands the handler the parsed body", async () => {
    const seen: unknown[] = []
    const route = operationRoute(controlOperations.addFault, ctx => {
      seen.push(ctx.body)
      return ok({})
    })
    const fault = {method: 'POST', path: '/api/v2/payouts', action: 'status', status: 503}
    await route.handler(request({body: fault}))
    expect(seen).toEqual([fault])
    const failure = await failureOf(() => route.handler(request({body: {...fault, status: undefined, typo: 1}})))
    expect(failure.details?.map(detail => detail.path).sort()).toEqual(['status', 'typo'])
    expect(seen).toHaveLength(1)
  })

  it("gives OAuth clients the authorization server's scopes", () => {
    expect([...OAUTH_CLIENT_SCOPES].sort()).toEqual([...OAUTH_SCOPES].sort())
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
    await operationRoute(operations.createWebhook, handler, true).handler(withBody(bad))
    expect(seen[1]).toBe(bad)
  })

  it("checks the query against the row's schema and hands the handler the parsed query, defaults applied", async () => {
    const seen: unknown[] = []
    const route = operationRoute(operations.listTransactions, ctx => {
      seen.push(ctx.parsedQuery)
      return ok({})
    })
    const withQuery = (query: string) => ({query: new URLSearchParams(query)}) as AuthenticatedContext
    await route.handler(withQuery('type=payout&type=deposit&limit=5'))
    expect(seen).toEqual([{type: ['payout', 'deposit'], limit: 5}])
    const bad = 'type=nope&limit=0&createdFrom=yesterday&cursor='
    const failure = await failureOf(() => route.handler(withQuery(bad)))
    expect(failure.status).toBe(400)
    expect(failure.details?.map(detail => detail.path).sort()).toEqual(['createdFrom', 'cursor', 'limit', 'type.0'])
    expect(seen).toHaveLength(1)
  })

  it('refuses a body that is not an object on a row without one, and ignores an object', async () => {
    const route = operationRoute(operations.payPayoutV2, () => ok({}))
    for (const body of [undefined, null, {ignored: true}])
      expect((await route.handler(request({params, body}))).status).toBe(200)
    for (const body of [[], 'text', 5]) {
      const failure = await failureOf(() => route.handler(request({params, body})))
      expect(failure.details?.map(detail => detail.path)).toEqual([''])
    }
  })

  it("runs a guarded handler's lookup first, and the service's rules alongside the schema in one 400", async () => {
    const steps: string[] = []
    const route = operationRoute(
      operations.createPayoutsV2Batch,
      guarded({
        before: () => {
          steps.push('before')
          return 'found'
        },
        serviceRules: (_body, found) => {
          steps.push(`rules ${found}`)
          return [
            {path: 'items.1.currency', message: 'the service settles no XYZ'},
            {path: 'items.0.amount', message: 'a second problem of a field the contract refused'},
          ]
        },
        handle: () => ok({}),
      }),
    )
    const item = {description: 'x', amount: '1.00', currency: 'EUR', recipient: {type: 'email', email: 'a@b.example'}}
    const body = {
      items: [
        {...item, amount: '1,5'},
        {...item, currency: 'XYZ'},
      ],
    }
    const failure = await failureOf(() => route.handler({body} as AuthenticatedContext))
    expect(steps).toEqual(['before', 'rules found'])
    expect(failure.details?.map(detail => detail.path)).toEqual(['items.0.amount', 'items.1.currency'])
    expect(failure.index).toBe(0)
    const gone = operationRoute(
      operations.updatePayoutV2,
      guarded({
        before: () => {
          throw new ApiFailure(404, 'PAYOUT_NOT_FOUND', 'no payout')
        },
        handle: () => ok({}),
      }),
    )
    expect((await failureOf(() => gone.handler(request({params, body: []})))).status).toBe(404)
  })

  it("checks the path parameters by the row's schema and rule before the lookup, the query's problems with them", async () => {
    const steps: string[] = []
    const route = operationRoute(
      operations.updatePayoutV2,
      guarded({
        before: ({params: {id}}) => {
          steps.push(id)
          return id
        },
        handle: () => ok({}),
      }),
    )
    const withId = (id: string) => request({params: {id}, body: {}})
    for (const id of ['a\u0007b', 'x'.repeat(256)]) {
      const failure = await failureOf(() => route.handler(withId(id)))
      expect([failure.status, failure.code, failure.details?.map(detail => detail.path)]).toEqual([
        400,
        'VALIDATION_ERROR',
        ['id'],
      ])
    }
    expect(steps).toEqual([])
    expect((await route.handler(withId('x'.repeat(255)))).status).toBe(200)
    const v1 = operationRoute(operations.getPayoutV1, () => ok({}))
    const v1Id = (id: string, query: string) => request({params: {id}, query: new URLSearchParams(query)})
    const notUuid = await failureOf(() => v1.handler(v1Id('order-7', '')))
    expect(notUuid.details).toEqual([
      {path: 'id', message: 'must be a payout UUID; pass id_type=custom_id to look up a customId'},
    ])
    expect((await v1.handler(v1Id('order-7', 'id_type=custom_id'))).status).toBe(200)
    const both = await failureOf(() => v1.handler(v1Id('a\u0000', 'id_type=x')))
    expect(both.details?.map(detail => detail.path)).toEqual(['id', 'id_type'])
  })
})

async function failureOf(run: () => unknown): Promise<ApiFailure> {
  try {
    await run()
  } catch (error) {
    if (error instanceof ApiFailure) return error
    throw error
  }
  throw new Error('expected an ApiFailure')
}
