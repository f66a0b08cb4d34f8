import {requiredSinceStateInput} from '../inputs/common-inputs.js'
import {payoutFilterInputs, payoutStatusInput, statusesOf} from '../inputs/payout-list-inputs.js'
import {operation} from '../operation.js'

/** `payouts changes`: the payouts whose status changed since the last run recorded in the state file. */
export const payoutsChanges = operation({
  id: 'payouts:changes',
  summary: 'List payouts whose status changed since the last run (for alerts).',
  result: 'payoutChanges',
  inputs: {'since-state': requiredSinceStateInput, status: payoutStatusInput, ...payoutFilterInputs},
  async run(input, context) {
    const [{payoutFilter}, {payoutChanges}, {unattendedRun}] = await Promise.all([
      import('../../services/payouts/payout-filters.js'),
      import('../since-state/unattended-lists.js'),
      import('./payouts-list.js'),
    ])
    const filter = payoutFilter(input)
    return payoutChanges(await unattendedRun(context, input['since-state']), statusesOf(input.status), filter)
  },
})
