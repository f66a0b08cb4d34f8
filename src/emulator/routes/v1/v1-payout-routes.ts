import type * as z from 'zod/mini'
import {operations} from '../../../contract/operations.js'
import type {createPayoutV1Body} from '../../../contract/requests/index.js'
import {payoutV1} from '../../domain/api-views.js'
import {type PayoutService, v1PayoutProblems} from '../../domain/payout-service.js'
import {guarded, type OperationHandlers, queryOf} from '../../http/operation-route.js'
import {ok} from '../../http/request-context.js'
import type {Store} from '../../store/index.js'

/** v1 payouts (spec 4.1): upsert on customId, get and delete by id or customId, offset list. */
export function v1PayoutRoutes({payouts, store}: {payouts: PayoutService; store: Store}): OperationHandlers {
  return {
    createOrUpdatePayoutV1: guarded({
      serviceRules: v1PayoutProblems,
      handle: ({origin, principal, body}) => {
        const {row, action} = payouts.upsertV1(principal, body as z.output<typeof createPayoutV1Body>)
        return ok({...payoutV1(row, origin), action})
      },
    }),
    getPayoutV1: ctx => {
      const {id_type: idType} = queryOf(operations.getPayoutV1, ctx)
      return ok(payoutV1(payouts.resolveV1(ctx.principal.teamId, ctx.params.id, idType), ctx.origin))
    },
    deletePayoutV1: ctx => {
      const {id_type: idType} = queryOf(operations.deletePayoutV1, ctx)
      const row = payouts.resolveV1(ctx.principal.teamId, ctx.params.id, idType)
      return ok(payoutV1(payouts.deleteV1(row), ctx.origin))
    },
    listPayoutsV1: ctx => {
      const {offset, limit, order_direction: direction} = queryOf(operations.listPayoutsV1, ctx)
      const rows = store.payouts.list(ctx.principal.teamId, direction, limit, offset)
      return ok(rows.map(row => payoutV1(row, ctx.origin)))
    },
  }
}
