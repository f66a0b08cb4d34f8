import type {PayoutV2} from '../../client/schemas.js'
import type {AndThen} from '../../contract/primitives.js'
import {totalsOf} from '../../services/payouts/actions.js'
import {
  type AllowedPlan,
  type LeaveOutChoice,
  needsFunds,
  type PayoutStep,
} from '../../services/payouts/allowed-plan.js'
import {warnIfShort} from '../../services/payouts/balance-check.js'
import type {PayoutKey} from '../../services/payouts/ids-input.js'
import {
  checkIdempotencyKeyLength,
  planAllowed,
  readPayoutsOrGone,
  sendAllowed,
} from '../../services/payouts/send-allowed.js'
import {BATCH_STOPPING, watchInterrupts} from '../interrupt.js'
import type {OperationContext} from '../operation-context.js'
import {reportSkipped} from './skipped-report.js'

export interface AllowedRun {
  context: OperationContext
  action: PayoutStep
  keys: readonly PayoutKey[]
  choice: LeaveOutChoice
  andThen?: AndThen
  idempotencyKey?: string
}

const DONE = {approve: 'Approved', pay: 'Paid'}

/**
 * approve or pay with --skip-conflicts and/or --within-balance, before anything is sent: read the payouts, choose
 * what fits, warn when it needs more than the balance, and confirm that on production.
 */
export async function planAllowedRun(run: AllowedRun): Promise<AllowedPlan> {
  const {context, action, choice} = run
  const {report} = context
  checkIdempotencyKeyLength(run.idempotencyKey)
  const client = await context.session.client()
  const spinner = await report.spinner('Reading the payouts…')
  const plan = await readPayoutsOrGone(client, run.keys, choice)
    .then(read => planAllowed(client, action, read, choice))
    .finally(() => spinner.stop())
  if (!choice.withinBalance)
    await warnIfShort({
      accounts: () => client.v2.team.accounts(),
      totals: totalsOf(plan.send.filter(p => needsFunds(action, p))),
      warn: line => report.warn(line),
    })
  const verb = action === 'pay' ? 'pay' : run.andThen === 'pay' ? 'approve and pay' : 'approve'
  // On production the question comes also when nothing fits: the answer to a money command never depends on the data.
  await context.confirm({
    action: `${verb} ${plan.send.length === 1 ? 'a payout' : 'payouts'}${plan.skipped.length ? ` and leave out ${plan.skipped.length}` : ''}`,
    count: plan.send.length,
    totals: totalsOf(plan.send),
  })
  return plan
}

/**
 * Sends the plan (leaving out what the service refuses as the choice allows); `onApplied` gets the payouts of each
 * call as it is applied. Says how many were applied and reports the skipped ones.
 */
export async function sendAllowedRun(
  run: AllowedRun,
  plan: AllowedPlan,
  onApplied: (payouts: PayoutV2[]) => Promise<void>,
): Promise<void> {
  const {report} = run.context
  const interrupts = watchInterrupts({notice: BATCH_STOPPING})
  try {
    const result = await sendAllowed(await run.context.session.client(), run.action, plan, run.choice, {
      andThen: run.andThen,
      idempotencyKey: run.idempotencyKey,
      signal: interrupts.signal,
      onApplied,
    })
    const then = run.andThen ? ` (then ${run.andThen})` : ''
    report.info(
      `${DONE[run.action]} ${result.applied} payout${result.applied === 1 ? '' : 's'}${then}; skipped ${result.skipped.length}.`,
    )
    reportSkipped(report, result.skipped)
  } finally {
    interrupts.dispose()
  }
}
