import {onlyFrom, type Transition, type Trigger, transition} from '../../contract/lifecycle.js'
import {invalidState} from '../http/api-failure.js'
import type {Store} from '../store/index.js'
import type {PayoutRow} from '../store/row-types.js'
import {v2PayoutId} from './api-views.js'

/**
 * The one way a payout's state changes in the emulator: the contract's lifecycle (contract/lifecycle.ts) says
 * whether `trigger` may move it and where to; a rule changed there changes the emulator with it.
 */

/** The lifecycle's step of `trigger` from the payout's state, or INVALID_STATE ("only created payouts can be approved"). */
export function stepOf(row: PayoutRow, trigger: Trigger): Transition {
  const step = transition(trigger, row.status)
  if (!step) throw invalidState(`payout ${v2PayoutId(row.uuid)} is ${row.status}; ${onlyFrom(trigger)}`)
  return step
}

/** Moves the payout by `trigger` and records the step's other fields (timestamps, failure, method). */
export function advance(
  store: Store,
  row: PayoutRow,
  trigger: Trigger,
  fields: Omit<Partial<PayoutRow>, 'status'> = {},
): PayoutRow {
  return store.payouts.patch(row, {...fields, status: stepOf(row, trigger).to})
}
