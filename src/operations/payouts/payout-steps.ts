import type {BatchAction} from '../../services/payouts/actions.js'
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

/** A step on the payouts the inputs name: the run is payout-step-run.ts's, loaded when it runs. */
const payoutStep = <const F extends typeof stepInputs>(action: BatchAction, summary: string, inputs: F) =>
  operation({
    id: `payouts:${action}`,
    summary,
    result: 'payoutsV2',
    inputs,
    async run(input, context) {
      const {runPayoutStep} = await import('./payout-step-run.js')
      return runPayoutStep(action, input, context)
    },
  })

/** `payouts approve`: moves money (reserves the amounts); --and-then runs the next step at once. */
export const payoutsApprove = payoutStep('approve', 'Approve payouts (moves money: reserves their amounts).', {
  ...idsInputs,
  'and-then': andThenInput,
  ...stepInputs,
  ...fitInputs,
})

/** `payouts pay`: moves money; an approved e-mail or phone payout gets its claim link instead. */
export const payoutsPay = payoutStep('pay', 'Pay approved counterparty payouts now (moves money).', {
  ...stepInputs,
  ...fitInputs,
})

/** `payouts send-claim-link`: e-mails the claim link (again). */
export const payoutsSendClaimLink = payoutStep(
  'send-claim-link',
  'E-mail the claim link to payout recipients (again: resend).',
  stepInputs,
)
