import type {PayoutClient} from '../../client/index.js'
import type {PayoutV2} from '../../client/schemas.js'
import type {AndThen} from '../../client/v2/payouts-v2.js'
import {totalsOf} from '../../services/payouts/actions.js'
import {type LeaveOutChoice, needsFunds, type PayoutStep} from '../../services/payouts/allowed-plan.js'
import {warnIfShort} from '../../services/payouts/balance-check.js'
import type {PayoutKey} from '../../services/payouts/ids-input.js'
import {
  checkIdempotencyKeyLength,
  planAllowed,
  readPayoutsOrGone,
  sendAllowed,
} from '../../services/payouts/send-allowed.js'
import type {MoneySummary} from '../confirm.js'
import {BATCH_STOPPING, watchInterrupts} from '../interrupt.js'
import type {Output} from '../output/output.js'
import {payoutV2Columns} from '../output/payout-view.js'
import {showSkipped} from '../output/skipped-view.js'

export interface AllowedRun {
  out: Output
  client: PayoutClient
  action: PayoutStep
  keys: readonly PayoutKey[]
  choice: LeaveOutChoice
  andThen?: AndThen
  idempotencyKey?: string
  /** One id given: JSON prints the payout as an object (nothing when it was skipped). */
  single: boolean
  /** --wait: the applied payouts are followed afterwards instead of printed now. */
  waiting: boolean
  jsonErrors: boolean
  confirm(summary: MoneySummary): Promise<void>
}

const DONE = {approve: 'Approved', pay: 'Paid'}

/**
 * approve or pay with --skip-conflicts and/or --within-balance: read the payouts, choose what fits, confirm that
 * on production, send it (leaving out what the service refuses as the choice allows), print the applied payouts on
 * stdout and the skipped ones on stderr. Answers the applied payouts.
 */
export async function approveOrPayAllowed(run: AllowedRun): Promise<PayoutV2[]> {
  const {out, client, action, choice} = run
  checkIdempotencyKeyLength(run.idempotencyKey)
  const spinner = await out.spinner('Reading the payouts…')
  const plan = await readPayoutsOrGone(client, run.keys, choice)
    .then(read => planAllowed(client, action, read, choice))
    .finally(() => spinner.stop())
  if (!choice.withinBalance)
    await warnIfShort({
      accounts: () => client.v2.team.accounts(),
      totals: totalsOf(plan.send.filter(p => needsFunds(action, p))),
      warn: line => out.warn(line),
    })
  const verb = action === 'pay' ? 'pay' : run.andThen === 'pay' ? 'approve and pay' : 'approve'
  // On production the question comes also when nothing fits: the answer to a money command never depends on the data.
  await run.confirm({
    action: `${verb} ${plan.send.length === 1 ? 'a payout' : 'payouts'}${plan.skipped.length ? ` and leave out ${plan.skipped.length}` : ''}`,
    count: plan.send.length,
    totals: totalsOf(plan.send),
  })
  const writer = out.list<PayoutV2>(payoutV2Columns, undefined, {single: run.single})
  const answered: PayoutV2[] = []
  const interrupts = watchInterrupts({notice: BATCH_STOPPING})
  try {
    const result = await sendAllowed(client, action, plan, choice, {
      andThen: run.andThen,
      idempotencyKey: run.idempotencyKey,
      signal: interrupts.signal,
      onApplied: payouts => {
        answered.push(...payouts)
        if (!run.waiting) return writer.page(payouts)
      },
    })
    if (!run.waiting && !(run.single && !answered.length)) writer.end()
    const then = run.andThen ? ` (then ${run.andThen})` : ''
    out.info(
      `${DONE[action]} ${result.applied} payout${result.applied === 1 ? '' : 's'}${then}; skipped ${result.skipped.length}.`,
    )
    showSkipped(out, result.skipped, run.jsonErrors)
  } catch (error) {
    if (writer.written) writer.end()
    throw error
  } finally {
    interrupts.dispose()
  }
  return answered
}
