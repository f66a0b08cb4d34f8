import {transactionView} from '../../domain/api-views.js'
import type {PayoutService} from '../../domain/payout-service.js'
import type {OperationHandlers} from '../../http/operation-route.js'
import type {Store} from '../../store/index.js'
import {keysetAfter, listPage} from './list-page.js'

/** `GET /api/v2/transactions` (spec 4.5b): every filter, newest first with id tie-breaker, opaque cursors. */

/** A repeated filter as one value: each value once, sorted (the cursor's filters hash). */
const distinct = <T extends string>(values: readonly T[] = []) => [...new Set(values)].sort()

const instant = (value: string | undefined) => (value === undefined ? undefined : new Date(value).toISOString())

export function v2TransactionRoutes({payouts, store}: {payouts: PayoutService; store: Store}): OperationHandlers {
  return {
    listTransactions: ({origin, principal, parsedQuery: query}) => {
      const {payoutId} = query
      const types = distinct(query.type)
      const statuses = distinct(query.status)
      const currencies = distinct(query.currency)
      const createdFrom = instant(query.createdFrom)
      const createdBefore = instant(query.createdBefore)
      const filters = {types, statuses, currencies, createdFrom, createdBefore, payoutId}
      // A payout id or customId; one of no payout of this team matches nothing.
      let payoutUuid: string | undefined
      if (payoutId) {
        try {
          payoutUuid = payouts.resolveV2(principal.teamId, payoutId).uuid
        } catch {
          payoutUuid = '-'
        }
      }
      return listPage(store, query, {
        list: 'transactions',
        filters,
        read: (after, count) =>
          store.transactions.page(principal.teamId, {
            types,
            statuses,
            currencies,
            payoutUuid,
            createdFrom,
            createdBefore,
            after: keysetAfter(after, String),
            limit: count,
          }),
        view: row => transactionView(row, origin),
        position: row => [row.created_at, row.id],
      })
    },
  }
}
