import type * as z from 'zod/mini'
import {queryValues} from '../../../contract/query-values.js'
import type {createPayoutV1Body} from '../../../contract/requests/index.js'
import {listPayoutsV1Query} from '../../../contract/requests/payout-v1-requests.js'
import {payoutV1} from '../../domain/api-views.js'
import type {PayoutService} from '../../domain/payout-service.js'
import {type OperationHandlers, parsedBody} from '../../http/operation-route.js'
import {ok} from '../../http/request-context.js'
import type {Store} from '../../store/index.js'

/** v1 payouts (spec 4.1): upsert on customId, get and delete by id or customId, offset list. */
export function v1PayoutRoutes({payouts, store}: {payouts: PayoutService; store: Store}): OperationHandlers {
  return {
    createOrUpdatePayoutV1: ({origin, principal, body}) => {
      const {row, action} = payouts.upsertV1(principal, body as z.output<typeof createPayoutV1Body>)
      return ok({...payoutV1(row, origin), action})
    },
    getPayoutV1: ({origin, principal, params, query}) =>
      ok(payoutV1(payouts.resolveV1(principal.teamId, params.id, query.get('id_type')), origin)),
    deletePayoutV1: ({origin, principal, params, query}) => {
      const row = payouts.resolveV1(principal.teamId, params.id, query.get('id_type'))
      return ok(payoutV1(payouts.deleteV1(row), origin))
    },
    listPayoutsV1: ({origin, principal, query}) => {
      const values = queryValues(listPayoutsV1Query, query)
      const {offset, limit, order_direction: direction} = parsedBody(listPayoutsV1Query, values)
      return ok(store.payouts.list(principal.teamId, direction, limit, offset).map(row => payoutV1(row, origin)))
    },
  }
}
