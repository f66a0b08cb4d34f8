import type {EmulatorApp} from '../../app.js'
import {decodeCursor, encodeCursor, envelope, pageParams} from '../../cursor.js'
import {ok} from '../../http.js'
import type {Route} from '../../router.js'
import {Scope} from '../../scopes.js'
import {Checker} from '../../validation.js'
import {v2CounterpartyId} from '../../views.js'

/** v2 counterparties (spec 4.4b, DESIGN): create, list (newest first, id tie-breaker), get, update, delete. */
export function v2CounterpartyRoutes(app: EmulatorApp): Route[] {
  const read = {kind: 'credentials', scopes: [Scope.counterpartiesRead]} as const
  const write = {kind: 'credentials', scopes: [Scope.counterpartiesWrite]} as const
  return [
    {
      method: 'POST',
      path: '/api/v2/counterparties',
      access: write,
      idempotent: true,
      handler: ({principal, body}) =>
        ok(app.counterparties.view(app.counterparties.create(principal.teamId, app.counterparties.validate(body)))),
    },
    {
      method: 'GET',
      path: '/api/v2/counterparties',
      access: read,
      handler: ({principal, query}) => {
        const check = new Checker()
        const {limit, cursor} = pageParams(query, check)
        check.throwIfAny()
        const secret = app.store.secret()
        const after = cursor ? decodeCursor(cursor, 'counterparties', {}, secret) : undefined
        const rows = app.store.counterparties.page(
          principal.teamId,
          after ? {createdAt: after[0], uuid: String(after[1])} : undefined,
          limit + 1,
        )
        return ok(
          envelope(
            rows,
            limit,
            row => app.counterparties.view(row),
            last => encodeCursor('counterparties', {}, [last.created_at, last.uuid], secret),
          ),
        )
      },
    },
    {
      method: 'GET',
      path: '/api/v2/counterparties/:id',
      access: read,
      handler: ({principal, params}) =>
        ok(app.counterparties.view(app.counterparties.resolve(principal.teamId, params.id))),
    },
    {
      method: 'PATCH',
      path: '/api/v2/counterparties/:id',
      access: write,
      handler: ({principal, params, body}) => {
        const row = app.counterparties.resolve(principal.teamId, params.id)
        return ok(app.counterparties.view(app.counterparties.update(row, app.counterparties.validate(body, row))))
      },
    },
    {
      method: 'DELETE',
      path: '/api/v2/counterparties/:id',
      access: write,
      handler: ({principal, params}) => {
        const row = app.counterparties.resolve(principal.teamId, params.id)
        app.counterparties.delete(row)
        return ok({object: 'counterparty', id: v2CounterpartyId(row.uuid), deleted: true})
      },
    },
  ]
}
