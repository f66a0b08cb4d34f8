import {
  andThenInput,
  fitInputs,
  idempotencyKeyInput,
  idsInputs,
  waitInput,
  waitTimeoutOfWaitInput,
} from '../inputs/common-inputs.js'
import {operation} from '../operation.js'

/** What every step takes: the payouts, the key of its calls, --wait. */
const stepInputs = {
  ...idsInputs,
  'idempotency-key': idempotencyKeyInput,
  wait: waitInput,
  timeout: waitTimeoutOfWaitInput,
}

/** `payouts approve`: moves money (reserves the amounts); --and-then runs the next step at once. */
export const payoutsApprove = operation({
  id: 'payouts:approve',
  summary: 'Approve payouts (moves money: reserves their amounts).',
  result: 'payoutsV2',
  inputs: {...idsInputs, 'and-then': andThenInput, ...stepInputs, ...fitInputs},
  async run(input, context) {
    const {runPayoutStep} = await import('./payout-step-run.js')
    return runPayoutStep('approve', input, context)
  },
})

/** `payouts pay`: moves money; an approved e-mail or phone payout gets its claim link instead. */
export const payoutsPay = operation({
  id: 'payouts:pay',
  summary: 'Pay approved counterparty payouts now (moves money).',
  result: 'payoutsV2',
  inputs: {...stepInputs, ...fitInputs},
  async run(input, context) {
    const {runPayoutStep} = await import('./payout-step-run.js')
    return runPayoutStep('pay', input, context)
  },
})

/** `payouts send-claim-link`: e-mails the claim link (again). */
export const payoutsSendClaimLink = operation({
  id: 'payouts:send-claim-link',
  summary: 'E-mail the claim link to payout recipients (again: resend).',
  result: 'payoutsV2',
  inputs: stepInputs,
  async run(input, context) {
    const {runPayoutStep} = await import('./payout-step-run.js')
    return runPayoutStep('send-claim-link', input, context)
  },
})
