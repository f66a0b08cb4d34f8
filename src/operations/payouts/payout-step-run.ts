import type {PayoutV2} from '../../client/schemas.js'
import type {AndThen} from '../../contract/primitives.js'
import {
  type BatchAction,
  checkBatchKey,
  fetchPayouts,
  payOrClaimLink,
  totalsOf,
} from '../../services/payouts/actions.js'
import {type LeaveOutChoice, needsFunds} from '../../services/payouts/allowed-plan.js'
import {warnIfShort} from '../../services/payouts/balance-check.js'
import {goalOf, type WaitGoal} from '../../services/payouts/goals.js'
import type {PayoutKey} from '../../services/payouts/ids-input.js'
import {failureOf} from '../../services/payouts/payout-failures.js'
import {appliedItems} from '../applied-items.js'
import {BATCH_STOPPING, watchInterrupts} from '../interrupt.js'
import type {ItemSource} from '../item-source.js'
import {type ItemsAnswer, itemsAnswer} from '../operation.js'
import type {OperationContext} from '../operation-context.js'
import {planAllowedRun, sendAllowedRun} from './approve-or-pay-allowed.js'
import {followPayouts} from './follow-payouts.js'
import {payoutKeysOf} from './payout-keys.js'
import {asksForOne} from './payouts-get.js'

/** What approve, pay and send-claim-link are given. */
export interface StepInput {
  id?: string[]
  'custom-id'?: string[]
  'ids-file'?: string
  'and-then'?: AndThen
  'idempotency-key'?: string
  wait: boolean
  timeout: number
  'skip-conflicts'?: boolean
  'within-balance'?: boolean
}

/**
 * What a step answers: the payouts as each call applies them (items), or with --wait the payouts followed to the end
 * of the step (`followed`; none when every payout was left out, and then nothing is shown).
 */
export type StepAnswer = ItemSource<PayoutV2> | (ItemsAnswer<PayoutV2> & {followed: boolean})

type Steps = Array<{action: BatchAction; keys: PayoutKey[]}>

const DONE: Record<BatchAction, string> = {
  approve: 'Approved',
  pay: 'Paid',
  'send-claim-link': 'Sent the claim link of',
}

/** `pay` on approved e-mail or phone payouts (payOrClaimLink), as `--and-then pay` does. */
const CLAIM_INSTEAD_OF_PAY = 'E-mail or phone recipient: sent the claim link of'

/** The --idempotency-key of the claim-link call of a `pay` (its own call, so its own key). */
const claimLinkKey = (key: string | undefined) => (key === undefined ? undefined : `${key}.claim-link`)

/**
 * The run of approve, pay and send-claim-link: read every id (nothing is sent if one is malformed), confirm money
 * movement on production, send in batches of at most 100, answering the payouts as each batch is applied. The
 * value is the payout when one id was given, else the array (empty when every payout was left out).
 */
export async function runPayoutStep(
  action: BatchAction,
  input: StepInput,
  context: OperationContext,
): Promise<StepAnswer> {
  const keys = await payoutKeysOf(input, line => context.report.warn(line))
  const single = keys.length === 1 && asksForOne(keys.length, input)
  const leaveOut = {skipConflicts: Boolean(input['skip-conflicts']), withinBalance: Boolean(input['within-balance'])}
  if (action !== 'send-claim-link' && (leaveOut.skipConflicts || leaveOut.withinBalance))
    return approveOrPayAllowed(context, action, keys, input, {leaveOut, single})
  checkBatchKey(input['idempotency-key'], keys.length)
  const read = action === 'send-claim-link' ? undefined : await beforeMoneyMoves(context, action, keys, input)
  const steps = stepsOf(action, keys, read)
  const send = (emit: (payouts: PayoutV2[]) => Promise<void>) => sendSteps(context, action, steps, input, emit)
  if (!input.wait) return appliedPayouts(single, send)
  const answered: PayoutV2[] = []
  await send(async payouts => {
    answered.push(...payouts)
  })
  return follow(context, answered, goalOf(action, input['and-then']), input.timeout, single)
}

/** Sends each step in batches; `onApplied` gets the payouts of each batch as it is applied. */
async function sendSteps(
  context: OperationContext,
  action: BatchAction,
  steps: Steps,
  input: StepInput,
  onApplied: (payouts: PayoutV2[]) => Promise<void>,
): Promise<void> {
  const [client, {runBatchAction}] = await Promise.all([
    context.session.client(),
    import('../../services/payouts/actions.js'),
  ])
  const key = input['idempotency-key']
  const andThen = input['and-then']
  const interrupts = watchInterrupts({notice: BATCH_STOPPING})
  try {
    for (const step of steps) {
      const result = await runBatchAction(client, step.action, step.keys, {
        andThen,
        idempotencyKey: step.action === action ? key : claimLinkKey(key),
        signal: interrupts.signal,
        onApplied,
      })
      const calls = result.batches === 1 ? '' : ` in ${result.batches} calls of at most 100`
      const then = andThen ? ` (then ${andThen})` : ''
      const count = `${result.applied} payout${result.applied === 1 ? '' : 's'}`
      if (step.action === action) context.report.info(`${DONE[action]} ${count}${calls}${then}.`)
      else
        context.report.info(
          `${CLAIM_INSTEAD_OF_PAY} ${count}${calls} instead of paying: the recipient's claim pays it.`,
        )
    }
  } finally {
    interrupts.dispose()
  }
}

/** `pay`: approved e-mail and phone payouts get their claim link instead (payOrClaimLink), first; else the action. */
function stepsOf(action: BatchAction, keys: PayoutKey[], read: PayoutV2[] | undefined): Steps {
  if (action !== 'pay' || !read) return [{action, keys}]
  const {pay, claimLink} = payOrClaimLink(keys, read)
  return [
    ...(claimLink.length ? [{action: 'send-claim-link' as const, keys: claimLink}] : []),
    ...(pay.length ? [{action, keys: pay}] : []),
  ]
}

/** --skip-conflicts / --within-balance (approve-or-pay-allowed.ts), then --wait or the failures. */
async function approveOrPayAllowed(
  context: OperationContext,
  action: 'approve' | 'pay',
  keys: PayoutKey[],
  input: StepInput,
  options: {leaveOut: LeaveOutChoice; single: boolean},
): Promise<StepAnswer> {
  const run = {
    context,
    action,
    keys,
    choice: options.leaveOut,
    andThen: input['and-then'],
    idempotencyKey: input['idempotency-key'],
  }
  const plan = await planAllowedRun(run)
  // One id given and left out: nothing is shown.
  if (!input.wait) return appliedPayouts(options.single, emit => sendAllowedRun(run, plan, emit))
  const answered: PayoutV2[] = []
  await sendAllowedRun(run, plan, async payouts => {
    answered.push(...payouts)
  })
  // Every payout left out: nothing to follow, nothing shown.
  if (!answered.length) return {...itemsAnswer(answered, false), followed: false}
  return follow(context, answered, goalOf(action, input['and-then']), input.timeout, options.single)
}

/** The payouts as each call applies them; the run ends with exit 8 when one of them failed. */
function appliedPayouts(
  single: boolean,
  apply: (emit: (payouts: PayoutV2[]) => Promise<void>) => Promise<void>,
): ItemSource<PayoutV2> {
  return appliedItems<PayoutV2, void>({
    single,
    apply,
    after: (_, answered) => {
      const failure = failureOf([...answered])
      if (failure) throw failure
    },
  })
}

/**
 * Approve and pay move money: read the payouts once to total what needs funds (every payout to approve; only
 * failed ones to pay again, as approved ones are reserved already), warn when that exceeds the available
 * balance or the allowance left, then the production confirmation with count and totals.
 */
async function beforeMoneyMoves(
  context: OperationContext,
  action: 'approve' | 'pay',
  keys: PayoutKey[],
  input: StepInput,
): Promise<PayoutV2[] | undefined> {
  const client = await context.session.client()
  const read = async () => {
    const spinner = await context.report.spinner('Reading the payouts to total them…')
    try {
      return await fetchPayouts(client, keys)
    } finally {
      spinner.stop()
    }
  }
  // A payout that cannot be read is left to the step itself to report (it names the failing id).
  const payouts = await read().catch(() => undefined)
  if (payouts)
    await warnIfShort({
      accounts: () => client.v2.team.accounts(),
      totals: totalsOf(payouts.filter(p => needsFunds(action, p))),
      warn: line => context.report.warn(line),
    })
  const verb = action === 'pay' ? 'pay' : input['and-then'] === 'pay' ? 'approve and pay' : 'approve'
  await context.confirm({
    action: `${verb} ${keys.length === 1 ? 'a payout' : 'payouts'}`,
    count: keys.length,
    totals: payouts ? totalsOf(payouts) : async () => totalsOf(await read()),
  })
  return payouts
}

/** --wait: poll until the payouts are final for the step; they answer as they ended, with exit 8 or 7 if not all made it. */
async function follow(
  context: OperationContext,
  payouts: PayoutV2[],
  goal: WaitGoal,
  timeoutMs: number,
  single: boolean,
): Promise<StepAnswer> {
  const client = await context.session.client()
  const followed = await followPayouts({client, report: context.report, payouts, goal, timeoutMs})
  const one = single && followed.payouts.length === 1
  return {...itemsAnswer(followed.payouts, one, followed.error), followed: true}
}
