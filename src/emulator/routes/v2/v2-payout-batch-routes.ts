import {Scope} from '../../domain/api-scopes.js'
import {payoutV2} from '../../domain/api-views.js'
import {isObject} from '../../domain/json-value.js'
import {type PayoutService, v2PayoutProblems} from '../../domain/payout-service.js'
import type {Settlement} from '../../domain/settlement.js'
import {guarded, type OperationHandlers} from '../../http/operation-route.js'
import {requireScopes} from '../../http/principal.js'
import {ok} from '../../http/request-context.js'
import {approveScopes} from './v2-payout-routes.js'

/**
 * v2 batch endpoints (spec 4.5 rules): 1 to 100 items, all-or-nothing in one SQL transaction (the server
 * wraps every API call in one); a failing item fails the request with its code and `error.index`.
 */

/** The service's rules on every item of a batch; the route names the first item with a problem (`error.index`). */
const itemProblems = (body: unknown) =>
  isObject(body) && Array.isArray(body.items)
    ? body.items.flatMap((item, index) => v2PayoutProblems(item, `items.${index}`))
    : []

const list = (rows: Parameters<typeof payoutV2>[0][], origin: string) =>
  ok({object: 'list', data: rows.map(row => payoutV2(row, origin))})

export function v2PayoutBatchRoutes({
  payouts,
  settlement,
}: {
  payouts: PayoutService
  settlement: Settlement
}): OperationHandlers {
  return {
    createPayoutsV2Batch: guarded({
      serviceRules: itemProblems,
      handle: ({origin, principal, body}) => {
        const {items} = body
        const parsed = items.map((item, index) => ({...payouts.v2Input(item), index}))
        if (parsed.some(item => item.andThen)) requireScopes(principal, Scope.payoutsApprove)
        return list(payouts.createV2(principal, parsed), origin)
      },
    }),
    approvePayoutsV2: ({origin, principal, body}) => {
      const {ids, andThen} = body
      requireScopes(principal, ...approveScopes(andThen))
      const items = payouts.resolveBatch(principal.teamId, ids)
      return list(
        settlement.approve(
          principal,
          items.map(item => ({...item, andThen})),
        ),
        origin,
      )
    },
    sendClaimLinksV2: ({origin, principal, body}) =>
      list(settlement.sendClaimLinks(payouts.resolveBatch(principal.teamId, body.ids)), origin),
    payPayoutsV2: ({origin, principal, body}) =>
      list(settlement.pay(principal, payouts.resolveBatch(principal.teamId, body.ids)), origin),
  }
}
