import type * as z from 'zod/mini'
import {V2_STATES} from '../../../contract/lifecycle.js'
import {operations} from '../../../contract/operations.js'
import type {AndThen, approvePayoutV2Body, createPayoutV2Body} from '../../../contract/requests/index.js'
import {Scope} from '../../domain/api-scopes.js'
import {payoutV2, v2PayoutId} from '../../domain/api-views.js'
import {Checker} from '../../domain/input-checker.js'
import {decodeCursor, encodeCursor, envelope, pageParams} from '../../domain/page-cursor.js'
import type {PayoutService} from '../../domain/payout-service.js'
import type {Settlement} from '../../domain/settlement.js'
import {checkedBody, type OperationHandlers} from '../../http/operation-route.js'
import {requireScopes} from '../../http/principal.js'
import {ok} from '../../http/request-context.js'
import type {Store} from '../../store/index.js'
import type {PayoutStatus} from '../../store/row-types.js'

/** v2 single-payout endpoints (spec 4.5, DESIGN). Batch endpoints live in `v2-payout-batch-routes.ts`. */

const V2_STATUSES: readonly PayoutStatus[] = V2_STATES

/** Scopes of approve: `payouts:approve`, plus `payouts:write` with `andThen: pay` (spec 4.5). */
export const approveScopes = (andThen: AndThen | undefined) =>
  andThen === 'pay' ? [Scope.payoutsApprove, Scope.payoutsWrite] : [Scope.payoutsApprove]

/** Endpoints without a body accept none, `null` or any object (its fields are ignored); other JSON is refused. */
function noBody(body: unknown): void {
  if (body === undefined || body === null) return
  const check = new Checker()
  check.object(body, '')
  check.throwIfAny()
}

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
    createPayoutV2: ({origin, principal, body}) => {
      const check = new Checker()
      const input = payouts.v2Input(body as z.output<typeof createPayoutV2Body>, check, '')
      check.throwIfAny()
      if (input!.andThen) requireScopes(principal, Scope.payoutsApprove)
      return ok(payoutV2(payouts.createV2(principal, [input!])[0], origin))
    },
    listPayoutsV2: ({origin, principal, query}) => {
      const check = new Checker()
      const {limit, cursor} = pageParams(query, check)
      const statuses = query.getAll('status')
      statuses.forEach((status, index) => {
        if (!V2_STATUSES.includes(status as PayoutStatus))
          check.fail(`status.${index}`, `must be one of ${V2_STATUSES.join(', ')}`)
      })
      check.throwIfAny()
      const filters = {statuses: [...new Set(statuses)].sort()}
      const secret = store.secret()
      const after = cursor ? decodeCursor(cursor, 'payouts', filters, secret) : undefined
      const rows = store.payouts.page(principal.teamId, {
        statuses: filters.statuses as PayoutStatus[],
        after: after ? {createdAt: after[0], seq: Number(after[1])} : undefined,
        limit: limit + 1,
      })
      return ok(
        envelope(
          rows,
          limit,
          row => payoutV2(row, origin),
          last => encodeCursor('payouts', filters, [last.created_at, last.seq], secret),
        ),
      )
    },
    getPayoutV2: ({origin, principal, params}) => ok(payoutV2(payouts.resolveV2(principal.teamId, params.id), origin)),
    updatePayoutV2: ({origin, principal, params, body}) => {
      const row = payouts.resolveV2(principal.teamId, params.id)
      return ok(payoutV2(payouts.patchV2(row, checkedBody(operations.updatePayoutV2, body)), origin))
    },
    deletePayoutV2: ({principal, params}) => {
      const row = payouts.resolveV2(principal.teamId, params.id)
      payouts.deleteV2(row)
      return ok({object: 'payout', id: v2PayoutId(row.uuid), deleted: true})
    },
    approvePayoutV2: ({origin, principal, params, body}) => {
      const andThen = (body as z.output<typeof approvePayoutV2Body> | undefined)?.andThen
      requireScopes(principal, ...approveScopes(andThen))
      const row = payouts.resolveV2(principal.teamId, params.id)
      return ok(payoutV2(settlement.approve(principal, [{row, andThen}])[0], origin))
    },
    sendClaimLinkV2: ({origin, principal, params, body}) => {
      noBody(body)
      const row = payouts.resolveV2(principal.teamId, params.id)
      return ok(payoutV2(settlement.sendClaimLinks([{row}])[0], origin))
    },
    payPayoutV2: ({origin, principal, params, body}) => {
      noBody(body)
      const row = payouts.resolveV2(principal.teamId, params.id)
      return ok(payoutV2(settlement.pay(principal, [{row}])[0], origin))
    },
  }
}
