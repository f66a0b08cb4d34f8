import {v2CounterpartyId} from '../../domain/api-views.js'
import type {CounterpartyRegistry} from '../../domain/counterparty-registry.js'
import {guarded, type OperationHandlers} from '../../http/operation-route.js'
import {ok} from '../../http/request-context.js'
import type {Store} from '../../store/index.js'
import {keysetAfter, listPage} from './list-page.js'

/** v2 counterparties (spec 4.4b, DESIGN): create, list (newest first, id tie-breaker), get, update, delete. */
export function v2CounterpartyRoutes({
  counterparties,
  store,
}: {
  counterparties: CounterpartyRegistry
  store: Store
}): OperationHandlers {
  return {
    createCounterparty: ({principal, body}) =>
      ok(counterparties.view(counterparties.create(principal.teamId, counterparties.validate(body)))),
    listCounterparties: ({principal, parsedQuery}) =>
      listPage(store, parsedQuery, {
        list: 'counterparties',
        filters: {},
        read: (after, count) =>
          store.counterparties.page(principal.teamId, {after: keysetAfter(after, String), limit: count}),
        view: row => counterparties.view(row),
        position: row => [row.created_at, row.uuid],
      }),
    getCounterparty: ({principal, params}) =>
      ok(counterparties.view(counterparties.resolve(principal.teamId, params.id))),
    updateCounterparty: guarded({
      before: ({principal, params}) => counterparties.resolve(principal.teamId, params.id),
      handle: ({body}, row) => ok(counterparties.view(counterparties.update(row, counterparties.validate(body, row)))),
    }),
    deleteCounterparty: ({principal, params}) => {
      const row = counterparties.resolve(principal.teamId, params.id)
      counterparties.delete(row)
      return ok({object: 'counterparty', id: v2CounterpartyId(row.uuid), deleted: true})
    },
  }
}
