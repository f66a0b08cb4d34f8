import {payoutV1} from '../../domain/api-views.js'
import {type PayoutService, v1PayoutProblems} from '../../domain/payout-service.js'
import {guarded, type OperationHandlers} from '../../http/operation-route.js'
import {ok} from '../../http/request-context.js'
import type {Store} from '../../store/index.js'

/** v1 payouts (spec 4.1): upsert on customId, get and delete by id or customId, offset list. */
export function v1PayoutRoutes({payouts, store}: {payouts: PayoutService; store: Store}): OperationHandlers {
  return {
    createOrUpdatePayoutV1: guarded({
      serviceRules: v1PayoutProblems,
      handle: ({origin, principal, body}) => {
        const {row, action} = payouts.upsertV1(principal, body)
        return ok({...payoutV1(row, origin), action})
      },
    }),
    getPayoutV1: ({principal, params, parsedQuery, origin}) =>
      ok(payoutV1(payouts.resolveV1(principal.teamId, params.id, parsedQuery.id_type), origin)),
    deletePayoutV1: ({principal, params, parsedQuery, origin}) => {
      const row = payouts.resolveV1(principal.teamId, params.id, parsedQuery.id_type)
      return ok(payoutV1(payouts.deleteV1(row), origin))
    },
    listPayoutsV1: ({principal, parsedQuery, origin}) => {
      const {offset, limit, order_direction: direction} = parsedQuery
      const rows = store.payouts.list(principal.teamId, direction, limit, offset)
      return ok(rows.map(row => payoutV1(row, origin)))
    },
  }
}
