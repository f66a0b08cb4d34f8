import type {PayoutV2} from '../../contract/responses.js'
import {isItemSource} from '../../operations/item-source.js'
import type {StepAnswer} from '../../operations/payouts/payout-step-run.js'
import {type Shown, shownItems, unprinted} from '../shown.js'
import {type ItemStream, listed} from './item-stream.js'
import {followedColumns} from './payout-status.js'
import {payoutV2Columns} from './payout-view.js'

/**
 * What approve, pay and send-claim-link show: the payouts as each call applies them (a table, or a JSON array), or
 * with --wait the payouts as they ended (nothing when every payout was left out).
 */
export function shownStep(answer: StepAnswer): ItemStream<PayoutV2> | Shown<PayoutV2 | PayoutV2[]> {
  if (isItemSource(answer)) return listed(answer, {columns: payoutV2Columns})
  if (!answer.followed) return unprinted(answer.value)
  const {error} = answer
  return shownItems(answer.items, {
    columns: followedColumns,
    single: answer.single,
    after: () => {
      if (error) throw error
    },
  })
}
