import {Scope} from '../../domain/api-scopes.js'
import {v2CounterpartyId} from '../../domain/api-views.js'
import type {CounterpartyRegistry} from '../../domain/counterparty-registry.js'
import {Checker} from '../../domain/input-checker.js'
import {decodeCursor, encodeCursor, envelope, pageParams} from '../../domain/page-cursor.js'
import {ok} from '../../http/request-context.js'
import type {Route} from '../../http/router.js'
import type {Store} from '../../store/index.js'

/** v2 counterparties (spec 4.4b, DESIGN): create, list (newest first, id tie-breaker), get, update, delete. */
export function v2CounterpartyRoutes({
  counterparties,
  store,
}: {
  counterparties: CounterpartyRegistry
  store: Store
}): Route[] {
  const read = {kind: 'credentials', scopes: [Scope.counterpartiesRead]} as const
  const write = {kind: 'credentials', scopes: [Scope.counterpartiesWrite]} as const
  return [
    {
      method: 'POST',
      path: '/api/v2/counterparties',
      access: write,
      idempotent: true,
      handler: ({principal, body}) =>
        ok(counterparties.view(counterparties.create(principal.teamId, counterparties.validate(body)))),
    },
    {
      method: 'GET',
      path: '/api/v2/counterparties',
      access: read,
      handler: ({principal, query}) => {
        const check = new Checker()
        const {limit, cursor} = pageParams(query, check)
        check.throwIfAny()
        const secret = store.secret()
        const after = cursor ? decodeCursor(cursor, 'counterparties', {}, secret) : undefined
        const rows = store.counterparties.page(
          principal.teamId,
          after ? {createdAt: after[0], uuid: String(after[1])} : undefined,
          limit + 1,
        )
        return ok(
          envelope(
            rows,
            limit,
            row => counterparties.view(row),
            last => encodeCursor('counterparties', {}, [last.created_at, last.uuid], secret),
          ),
        )
      },
    },
    {
      method: 'GET',
      path: '/api/v2/counterparties/:id',
      access: read,
      handler: ({principal, params}) => ok(counterparties.view(counterparties.resolve(principal.teamId, params.id))),
    },
    {
      method: 'PATCH',
      path: '/api/v2/counterparties/:id',
      access: write,
      handler: ({principal, params, body}) => {
        const row = counterparties.resolve(principal.teamId, params.id)
        return ok(counterparties.view(counterparties.update(row, counterparties.validate(body, row))))
      },
    },
    {
      method: 'DELETE',
      path: '/api/v2/counterparties/:id',
      access: write,
      handler: ({principal, params}) => {
        const row = counterparties.resolve(principal.teamId, params.id)
        counterparties.delete(row)
        return ok({object: 'counterparty', id: v2CounterpartyId(row.uuid), deleted: true})
      },
    },
  ]
}
