import type {AndThen} from '../../../contract/requests/index.js'
import {Scope} from '../../domain/api-scopes.js'
import {payoutV2, v2PayoutId} from '../../domain/api-views.js'
import {type PayoutService, v2PatchProblems, v2PayoutProblems} from '../../domain/payout-service.js'
import type {Settlement} from '../../domain/settlement.js'
import {guarded, type OperationHandlers} from '../../http/operation-route.js'
import {requireScopes} from '../../http/principal.js'
import {ok} from '../../http/request-context.js'
import type {Store} from '../../store/index.js'
import type {PayoutStatus} from '../../store/row-types.js'
import {keysetAfter, listPage} from './list-page.js'

/** v2 single-payout endpoints (spec 4.5, DESIGN). Batch endpoints live in `v2-payout-batch-routes.ts`. */

/** Scopes of approve: `payouts:approve`, plus `payouts:write` with `andThen: pay` (spec 4.5). */
export const approveScopes = (andThen: AndThen | undefined) =>
  andThen === 'pay' ? [Scope.payoutsApprove, Scope.payoutsWrite] : [Scope.payoutsApprove]

export function v2PayoutRoutes({
  payouts,
  settlement,
  store,
}: {
  payouts: PayoutService
  settlement: Settlement
  store: Store
}): OperationHandlers {
  return {
    createPayoutV2: guarded({
      serviceRules: body => v2PayoutProblems(body),
      handle: ({origin, principal, body}) => {
        const input = payouts.v2Input(body)
        if (input.andThen) requireScopes(principal, Scope.payoutsApprove)
        return ok(payoutV2(payouts.createV2(principal, [input])[0], origin))
      },
    }),
    listPayoutsV2: ({origin, principal, parsedQuery}) => {
      const filters = {statuses: [...new Set(parsedQuery.status ?? [])].sort()}
      return listPage(store, parsedQuery, {
        list: 'payouts',
        filters,
        read: (after, count) =>
          store.payouts.page(principal.teamId, {
            statuses: filters.statuses as PayoutStatus[],
            after: keysetAfter(after, Number),
            limit: count,
          }),
        view: row => payoutV2(row, origin),
        position: row => [row.created_at, row.seq],
      })
    },
    getPayoutV2: ({origin, principal, params}) => ok(payoutV2(payouts.resolveV2(principal.teamId, params.id), origin)),
    updatePayoutV2: guarded({
      before: ({principal, params}) => payouts.resolveV2(principal.teamId, params.id),
      serviceRules: v2PatchProblems,
      handle: ({origin, body}, row) => ok(payoutV2(payouts.patchV2(row, body), origin)),
    }),
    deletePayoutV2: ({principal, params}) => {
      const row = payouts.resolveV2(principal.teamId, params.id)
      payouts.deleteV2(row)
      return ok({object: 'payout', id: v2PayoutId(row.uuid), deleted: true})
    },
    approvePayoutV2: ({origin, principal, params, body}) => {
      const andThen = body?.andThen
      requireScopes(principal, ...approveScopes(andThen))
      const row = payouts.resolveV2(principal.teamId, params.id)
      return ok(payoutV2(settlement.approve(principal, [{row, andThen}])[0], origin))
    },
    sendClaimLinkV2: ({origin, principal, params}) => {
      const row = payouts.resolveV2(principal.teamId, params.id)
      return ok(payoutV2(settlement.sendClaimLinks([{row}])[0], origin))
    },
    payPayoutV2: ({origin, principal, params}) => {
      const row = payouts.resolveV2(principal.teamId, params.id)
      return ok(payoutV2(settlement.pay(principal, [{row}])[0], origin))
    },
  }
}
