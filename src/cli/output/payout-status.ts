import {isExpired} from '../../contract/lifecycle.js'
import type {PayoutV2} from '../../contract/responses.js'
import {withDocumentKeys} from './columns.js'
import {payoutV2Columns} from './payout-view.js'

export const failureOf = (p: Pick<PayoutV2, 'failureCode' | 'failureReason' | 'status'>): string =>
  p.failureCode
    ? `${p.failureCode}${p.failureReason ? `: ${p.failureReason}` : ''}`
    : isExpired(p.status)
      ? 'expired'
      : '-'

/** Payouts after a wait: the list columns plus the failure code and reason. */
export const followedColumns = withDocumentKeys<PayoutV2>(
  [...payoutV2Columns, {header: 'Failure', value: failureOf, raw: p => p.failureCode}],
  payoutV2Columns.documentKeys ?? [],
)
