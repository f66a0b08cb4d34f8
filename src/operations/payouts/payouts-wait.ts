import {WAIT_GOALS} from '../../services/payouts/goals.js'
import {idsInputs, waitTimeoutInput} from '../inputs/common-inputs.js'
import {optionInput} from '../inputs/field.js'
import {operation} from '../operation.js'

/** `payouts wait`: follows the payouts until each is final for `until`, or the time-out; they answer as they ended. */
export const payoutsWait = operation({
  id: 'payouts:wait',
  summary: 'Wait until payouts reach a final state: completed, failed or expired.',
  result: 'waitedPayouts',
  inputs: {
    ...idsInputs,
    until: optionInput(WAIT_GOALS, {default: 'settled', summary: 'Which state counts as final (see the description).'}),
    timeout: waitTimeoutInput,
  },
  async run(input, context) {
    const [{payoutKeysOf}, {followPayouts}] = await Promise.all([
      import('./payout-keys.js'),
      import('./follow-payouts.js'),
    ])
    const keys = await payoutKeysOf(input, line => context.report.warn(line))
    const {payouts, error} = await followPayouts({
      client: await context.session.client(),
      report: context.report,
      payouts: keys.map(key => key.v2),
      goal: input.until,
      timeoutMs: input.timeout,
    })
    return {value: payouts, error}
  },
})
