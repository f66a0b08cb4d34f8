import type {StepAnswer} from '../operations/payouts/payout-step-run.js'

/** What `payouts approve`, `pay` and `send-claim-link` share: the payouts as each call applied them. */
export const payoutStepCommand = {
  result: 'payoutsV2',
  view: () => import('./output/payout-step-view.js'),
  show: (answer: StepAnswer, {shownStep}: typeof import('./output/payout-step-view.js')) => shownStep(answer),
} as const
