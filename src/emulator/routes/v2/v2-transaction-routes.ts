import {isDateTime} from '../../../contract/formats.js'
import {TRANSACTION_STATUSES, TRANSACTION_TYPES} from '../../../contract/lifecycle.js'
import {transactionView} from '../../domain/api-views.js'
import {Checker} from '../../domain/input-checker.js'
import {decodeCursor, encodeCursor, envelope, pageParams} from '../../domain/page-cursor.js'
import type {PayoutService} from '../../domain/payout-service.js'
import type {OperationHandlers} from '../../http/operation-route.js'
import {ok} from '../../http/request-context.js'
import type {Store} from '../../store/index.js'

/** `GET /api/v2/transactions` (spec 4.5b): every filter, newest first with id tie-breaker, opaque cursors. */

function enumList(query: URLSearchParams, name: string, allowed: readonly string[], check: Checker): string[] {
  const values = query.getAll(name)
  values.forEach((value, index) => {
    if (!allowed.includes(value)) check.fail(`${name}.${index}`, `must be one of ${allowed.join(', ')}`)
  })
  return [...new Set(values)].sort()
}

function dateTime(query: URLSearchParams, name: string, check: Checker): string | undefined {
  const value = query.get(name)
  if (value === null) return undefined
  if (!isDateTime(value)) {
    check.fail(name, 'must be an ISO 8601 date-time like 2026-01-31T00:00:00Z')
    return undefined
  }
  return new Date(value).toISOString()
}

export function v2TransactionRoutes({payouts, store}: {payouts: PayoutService; store: Store}): OperationHandlers {
  return {
    listTransactions: ({origin, principal, query}) => {
      const check = new Checker()
      const {limit, cursor} = pageParams(query, check)
      const types = enumList(query, 'type', TRANSACTION_TYPES, check)
      const statuses = enumList(query, 'status', TRANSACTION_STATUSES, check)
      const currencies = [...new Set(query.getAll('currency'))].sort()
      currencies.forEach((currency, index) => {
        if (!/^[A-Z]{3}$/.test(currency)) check.fail(`currency.${index}`, 'must be a three-letter code like EUR')
      })
      const createdFrom = dateTime(query, 'createdFrom', check)
      const createdBefore = dateTime(query, 'createdBefore', check)
      const payoutId = query.get('payoutId') ?? undefined
      if (payoutId === '') check.fail('payoutId', 'must not be empty')
      check.throwIfAny()
      const filters = {types, statuses, currencies, createdFrom, createdBefore, payoutId}
      const secret = store.secret()
      const after = cursor ? decodeCursor(cursor, 'transactions', filters, secret) : undefined
      // A payout id or customId; one of no payout of this team matches nothing.
      let payoutUuid: string | undefined
      if (payoutId) {
        try {
          payoutUuid = payouts.resolveV2(principal.teamId, payoutId).uuid
        } catch {
          payoutUuid = '-'
        }
      }
      const rows = store.transactions.page(principal.teamId, {
        types,
        statuses,
        currencies,
        payoutUuid,
        createdFrom,
        createdBefore,
        after: after ? {createdAt: after[0], id: String(after[1])} : undefined,
        limit: limit + 1,
      })
      return ok(
        envelope(
          rows,
          limit,
          row => transactionView(row, origin),
          last => encodeCursor('transactions', filters, [last.created_at, last.id], secret),
        ),
      )
    },
  }
}
