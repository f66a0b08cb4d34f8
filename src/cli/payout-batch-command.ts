import type {Command} from '@oclif/core/command'
import type {PayoutV2} from '../client/schemas.js'
import type {AndThen} from '../client/v2/payouts-v2.js'
import type {BatchAction} from '../services/payouts/actions.js'
import type {LeaveOutChoice} from '../services/payouts/allowed-plan.js'
import type {WaitGoal} from '../services/payouts/goals.js'
import type {PayoutKey} from '../services/payouts/ids-input.js'
import {BaseCommand} from './base-command.js'
import type {MoneySummary} from './confirm.js'
import type {ItemStream} from './output/item-stream.js'
import {type Shown, shownItems, unprinted} from './shown.js'

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
 * The shared run of approve, pay and send-claim-link: read every id (nothing is sent if one is malformed),
 * confirm money movement on production, send in batches of at most 100, and print the payouts as each batch
 * is applied (a table, or a JSON array under --json). The result is what --json prints: the payout when one id was
 * given, else the array (empty when every payout was left out).
 */
export abstract class PayoutBatchCommand<T extends typeof Command> extends BaseCommand<T> {
  static override strict = false

  protected async runBatch(
    action: BatchAction,
    options: {
      andThen?: AndThen
      idempotencyKey?: string
      customIds?: string[]
      idsFile?: string
      /** --wait: follow the payouts to the end of the step, for at most this long. */
      waitMs?: number
      /** --skip-conflicts, --within-balance (approve and pay): apply the step to what fits. */
      leaveOut?: LeaveOutChoice
    },
  ): Promise<Shown<PayoutV2 | PayoutV2[]> | ItemStream<PayoutV2>> {
    const {collectPayoutKeys} = await import('../services/payouts/ids-input.js')
    const {keys} = await collectPayoutKeys({
      args: this.argvAll,
      customIds: options.customIds,
      idsFile: options.idsFile,
      warn: line => this.out.warn(line),
    })
    const single = keys.length === 1 && !options.idsFile && !this.argvAll.includes('-')
    if (action !== 'send-claim-link' && (options.leaveOut?.skipConflicts || options.leaveOut?.withinBalance))
      return this.approveOrPayAllowed(action, keys, {...options, leaveOut: options.leaveOut}, single)
    const {checkBatchKey} = await import('../services/payouts/actions.js')
    checkBatchKey(options.idempotencyKey, keys.length)
    const read =
      action === 'approve' || action === 'pay' ? await this.beforeMoneyMoves(action, keys, options) : undefined
    const steps = await this.stepsOf(action, keys, read)
    if (options.waitMs === undefined)
      return this.appliedPayouts(single, emit => this.sendSteps(action, steps, options, emit))
    const answered: PayoutV2[] = []
    await this.sendSteps(action, steps, options, async payouts => {
      answered.push(...payouts)
    })
    const {goalOf} = await import('../services/payouts/goals.js')
    return this.followAndShow(answered, goalOf(action, options.andThen), options.waitMs, single)
  }

  /** Sends each step in batches; `onApplied` gets the payouts of each batch as it is applied. */
  private async sendSteps(
    action: BatchAction,
    steps: Array<{action: BatchAction; keys: PayoutKey[]}>,
    options: {andThen?: AndThen; idempotencyKey?: string},
    onApplied: (payouts: PayoutV2[]) => Promise<void>,
  ): Promise<void> {
    const [client, {runBatchAction}, {BATCH_STOPPING, watchInterrupts}] = await Promise.all([
      this.client(),
      import('../services/payouts/actions.js'),
      import('../operations/interrupt.js'),
    ])
    const interrupts = watchInterrupts({notice: BATCH_STOPPING})
    try {
      for (const step of steps) {
        const result = await runBatchAction(client, step.action, step.keys, {
          andThen: options.andThen,
          idempotencyKey: step.action === action ? options.idempotencyKey : claimLinkKey(options.idempotencyKey),
          signal: interrupts.signal,
          onApplied,
        })
        const calls = result.batches === 1 ? '' : ` in ${result.batches} calls of at most 100`
        const then = options.andThen ? ` (then ${options.andThen})` : ''
        const count = `${result.applied} payout${result.applied === 1 ? '' : 's'}`
        if (step.action === action) this.out.info(`${DONE[action]} ${count}${calls}${then}.`)
        else this.out.info(`${CLAIM_INSTEAD_OF_PAY} ${count}${calls} instead of paying: the recipient's claim pays it.`)
      }
    } finally {
      interrupts.dispose()
    }
  }

  /** `pay`: approved e-mail and phone payouts get their claim link instead (payOrClaimLink), first; else the action. */
  private async stepsOf(
    action: BatchAction,
    keys: PayoutKey[],
    read: PayoutV2[] | undefined,
  ): Promise<Array<{action: BatchAction; keys: PayoutKey[]}>> {
    if (action !== 'pay' || !read) return [{action, keys}]
    const {payOrClaimLink} = await import('../services/payouts/actions.js')
    const {pay, claimLink} = payOrClaimLink(keys, read)
    return [
      ...(claimLink.length ? [{action: 'send-claim-link' as const, keys: claimLink}] : []),
      ...(pay.length ? [{action, keys: pay}] : []),
    ]
  }

  /** --skip-conflicts / --within-balance (src/cli/workflows/approve-or-pay-allowed.ts), then --wait or the failures. */
  private async approveOrPayAllowed(
    action: 'approve' | 'pay',
    keys: PayoutKey[],
    options: {andThen?: AndThen; idempotencyKey?: string; waitMs?: number; leaveOut: LeaveOutChoice},
    single: boolean,
  ): Promise<Shown<PayoutV2 | PayoutV2[]> | ItemStream<PayoutV2>> {
    const [{planAllowedRun, sendAllowedRun}, {goalOf}] = await Promise.all([
      import('./workflows/approve-or-pay-allowed.js'),
      import('../services/payouts/goals.js'),
    ])
    const run = {
      out: this.out,
      client: await this.client(),
      action,
      keys,
      choice: options.leaveOut,
      andThen: options.andThen,
      idempotencyKey: options.idempotencyKey,
      jsonErrors: this.jsonErrors,
      confirm: (summary: MoneySummary) => this.confirmOnProduction(summary),
    }
    const plan = await planAllowedRun(run)
    if (options.waitMs === undefined)
      // One id given and left out: nothing is printed.
      return this.appliedPayouts(single, emit => sendAllowedRun(run, plan, emit))
    const answered: PayoutV2[] = []
    await sendAllowedRun(run, plan, async payouts => {
      answered.push(...payouts)
    })
    // Every payout left out: nothing to follow, nothing printed.
    if (!answered.length) return unprinted(answered)
    return this.followAndShow(answered, goalOf(action, options.andThen), options.waitMs, single)
  }

  /** The payouts as each call applies them, as a stream the base command writes; exit 8 when one of them failed. */
  private async appliedPayouts(
    single: boolean,
    apply: (emit: (payouts: PayoutV2[]) => Promise<void>) => Promise<void>,
  ): Promise<ItemStream<PayoutV2>> {
    const [{throwIfFailed}, {payoutV2Columns}, {appliedStream}] = await Promise.all([
      import('../services/payouts/payout-failures.js'),
      import('./output/payout-view.js'),
      import('./output/applied-stream.js'),
    ])
    return appliedStream<PayoutV2, void>({
      columns: payoutV2Columns,
      single,
      apply,
      after: (_, answered) => throwIfFailed([...answered]),
    })
  }

  /**
   * Approve and pay move money: read the payouts once to total what needs funds (every payout to approve; only
   * failed ones to pay again, as approved ones are reserved already), warn when that exceeds the available
   * balance or the allowance left, then the production confirmation (src/cli/confirm.ts) with count and totals.
   */
  private async beforeMoneyMoves(
    action: 'approve' | 'pay',
    keys: PayoutKey[],
    options: {andThen?: AndThen},
  ): Promise<PayoutV2[] | undefined> {
    const client = await this.client()
    const [{fetchPayouts, totalsOf}, {warnIfShort}, {needsFunds}] = await Promise.all([
      import('../services/payouts/actions.js'),
      import('../services/payouts/balance-check.js'),
      import('../services/payouts/allowed-plan.js'),
    ])
    const read = async () => {
      const spinner = await this.out.spinner('Reading the payouts to total them…')
      try {
        return await fetchPayouts(client, keys)
      } finally {
        spinner.stop()
      }
    }
    // A payout that cannot be read is left to the step itself to report (it names the failing id).
    const payouts = await read().catch(() => undefined)
    if (payouts) {
      const needFunds = payouts.filter(p => needsFunds(action, p))
      await warnIfShort({
        accounts: () => client.v2.team.accounts(),
        totals: totalsOf(needFunds),
        warn: line => this.out.warn(line),
      })
    }
    const verb = action === 'pay' ? 'pay' : options.andThen === 'pay' ? 'approve and pay' : 'approve'
    await this.confirmOnProduction({
      action: `${verb} ${keys.length === 1 ? 'a payout' : 'payouts'}`,
      count: keys.length,
      totals: payouts ? totalsOf(payouts) : async () => totalsOf(await read()),
    })
    return payouts
  }

  /** --wait: poll until the payouts are final for the step, print them as they ended, exit 8 or 7 if not all made it. */
  protected async followAndShow(
    payouts: PayoutV2[],
    goal: WaitGoal,
    timeoutMs: number,
    single = false,
  ): Promise<Shown<PayoutV2 | PayoutV2[]>> {
    const [{followPayouts}, {followedColumns}] = await Promise.all([
      import('../operations/payouts/follow-payouts.js'),
      import('./output/payout-status.js'),
    ])
    const followed = await followPayouts({client: await this.client(), report: this.out, payouts, goal, timeoutMs})
    return shownItems(followed.payouts, {
      columns: followedColumns,
      single: single && followed.payouts.length === 1,
      after: () => {
        if (followed.error) throw followed.error
      },
    })
  }
}
