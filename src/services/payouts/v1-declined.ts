import {ApiError} from '../../client/api-errors.js'
import type {PayoutClient} from '../../client/index.js'
import type {PayoutV1} from '../../client/schemas.js'
import {payoutRefOf} from '../../contract/ids.js'
import {isDeclined, isInTransfer} from '../../contract/lifecycle.js'
import {mapLimit} from '../../shared/map-limit.js'

/** v2 reads of one page in flight at once. */
const LOOKUPS = 8

/**
 * v1 has no failed state: a payout whose transfer was declined stays `requested` there (spec 3.1), while v2 says
 * `failed`. Each page's `requested` payouts are read from v2, and a declined one is shown `failed` with its failure
 * code and reason, as `payouts get` and `--api v2` show it. A payout v2 does not know keeps v1's word.
 */
export async function* withDeclinedStates(
  pages: AsyncIterable<PayoutV1[]>,
  client: PayoutClient,
): AsyncIterable<PayoutV1[]> {
  for await (const page of pages) {
    if (!page.some(payout => isInTransfer(payout.status))) {
      yield page
      continue
    }
    yield await mapLimit(page, LOOKUPS, async payout => {
      if (!isInTransfer(payout.status)) return payout
      const v2 = await client.v2.payouts.get(payoutRefOf(payout.id)?.v2 ?? payout.id).catch(error => {
        if (error instanceof ApiError && error.status === 404) return undefined
        throw error
      })
      if (!v2 || !isDeclined(v2.status)) return payout
      return {...payout, status: v2.status, failureCode: v2.failureCode, failureReason: v2.failureReason}
    })
  }
}
