import * as Args from '@oclif/core/args'
import type {Command} from '@oclif/core/command'
import {BaseCommand} from '../base-command.js'
import type {PayoutV2} from '../client/schemas.js'
import type {AndThen} from '../client/v2/payouts.js'
import {customIdsFlag, idsFileFlag} from '../flags.js'
import type {BatchAction} from './actions.js'

/** Arguments and flags every many-ids payout command has. */
export const idsArgs = {
  id: Args.string({
    description: 'Payout ids (v1 UUID or payout_<UUID>), as many as you like; "-" reads them from stdin.',
  }),
}

export const idsFlags = {
  'custom-id': customIdsFlag,
  'ids-file': idsFileFlag,
}

const DONE: Record<BatchAction, string> = {
  approve: 'Approved',
  pay: 'Paid',
  'send-claim-link': 'Sent the claim link of',
}

/**
 * The shared run of approve, pay and send-claim-link: read every id (nothing is sent if one is malformed),
 * confirm money movement on production, send in batches of at most 100, and print the payouts as each batch
 * is applied (a table, or a JSON array under --json).
 */
export abstract class PayoutBatchCommand<T extends typeof Command> extends BaseCommand<T> {
  static override strict = false

  protected async runBatch(
    action: BatchAction,
    options: {andThen?: AndThen; idempotencyKey?: string; yes?: boolean; customIds?: string[]; idsFile?: string},
  ): Promise<void> {
    const {collectPayoutKeys} = await import('./ids-input.js')
    const {keys, duplicates} = await collectPayoutKeys({
      args: this.argvAll,
      customIds: options.customIds,
      idsFile: options.idsFile,
    })
    if (duplicates) this.out.warn(`${duplicates} repeated id${duplicates === 1 ? ' was' : 's were'} ignored`)
    const client = await this.client()
    const {fetchPayouts, runBatchAction, totalsOf} = await import('./actions.js')
    const movesMoney = action === 'approve' || action === 'pay'
    if (movesMoney) {
      const {confirmMoneyMovement} = await import('../confirm.js')
      const verb = action === 'pay' ? 'pay' : options.andThen === 'pay' ? 'approve and pay' : 'approve'
      await confirmMoneyMovement({
        environment: (await this.profile()).environment,
        yes: Boolean(options.yes),
        out: this.out,
        summary: {
          action: `${verb} ${keys.length === 1 ? 'a payout' : 'payouts'}`,
          count: keys.length,
          totals: async () => {
            const spinner = await this.out.spinner('Reading the payouts to total them…')
            try {
              return totalsOf(await fetchPayouts(client, keys))
            } finally {
              spinner.stop()
            }
          },
        },
      })
    }
    const {payoutV2Columns} = await import('../output/payouts.js')
    const writer = this.out.list<PayoutV2>(payoutV2Columns)
    try {
      const result = await runBatchAction(client, action, keys, {
        andThen: options.andThen,
        idempotencyKey: options.idempotencyKey,
        onApplied: payouts => writer.page(payouts),
      })
      writer.end()
      const calls = result.batches === 1 ? '' : ` in ${result.batches} calls of at most 100`
      const then = options.andThen ? ` (then ${options.andThen})` : ''
      this.out.info(`${DONE[action]} ${result.applied} payout${result.applied === 1 ? '' : 's'}${calls}${then}.`)
    } catch (error) {
      if (writer.written) writer.end()
      throw error
    }
  }
}
