import {BaseCommand} from '../../cli/base-command.js'
import {apiFlag, idsArgs, idsFlags, yesFlag} from '../../cli/flags/common-flags.js'
import type {Answer} from '../../cli/shown.js'
import type {DeletedV2, PayoutV1} from '../../client/schemas.js'
import {isDeletable, isDeleted, namedStates, PAYOUT_STATES, statesFrom} from '../../contract/lifecycle.js'

export default class PayoutsDelete extends BaseCommand<typeof PayoutsDelete> {
  static override result = 'deletedPayouts' as const
  static override summary = 'Delete payouts that have not been paid out.'
  static override description =
    `Allowed while a payout is ${namedStates(statesFrom('delete'))}; a ${namedStates(PAYOUT_STATES.filter(state => !isDeletable(state) && !isDeleted(state)))} payout cannot be deleted (exit 5). Takes any number of payouts: ids as arguments, --custom-id (repeatable), --ids-file FILE, or "-" for stdin. They are deleted one by one, stopping at the first failure (the error says which were deleted before it). On a production profile the command asks for confirmation on a terminal, and needs --yes otherwise.

v2 (default): a deleted payout is gone from the API; its customId stays taken. --api v1 keeps it visible with status deleted, and deleting it again succeeds.

--json prints what the API answered for each payout, as a JSON array.`

  static override examples = [
    '<%= config.bin %> <%= command.id %> payout_0b7e3c1e-6a7b-4c1f-9d55-2f6a8e1c2d3f',
    '<%= config.bin %> <%= command.id %> --custom-id invoice-2026-001 --api v1',
    '<%= config.bin %> <%= command.id %> --ids-file stale.txt --json',
  ]

  static override strict = false
  static override args = idsArgs

  static override flags = {
    ...idsFlags,
    api: apiFlag('v2'),
    yes: yesFlag,
  }

  async run(): Promise<Answer<typeof PayoutsDelete.result>> {
    const {collectPayoutKeys} = await import('../../services/payouts/ids-input.js')
    const {keys} = await collectPayoutKeys({
      args: this.argvAll,
      customIds: this.flags['custom-id'],
      idsFile: this.flags['ids-file'],
      warn: line => this.out.warn(line),
    })
    await this.confirmOnProduction({action: `delete ${keys.length === 1 ? 'a payout' : 'payouts'}`, count: keys.length})
    const client = await this.client()
    const [{runDeletes}, {BATCH_STOPPING, watchInterrupts}, {appliedStream}] = await Promise.all([
      import('../../services/payouts/actions.js'),
      import('../../operations/interrupt.js'),
      import('../../cli/output/applied-stream.js'),
    ])
    return appliedStream<DeletedV2 | PayoutV1, void>({
      columns: [],
      // --json (and the script flags): a JSON array whatever -o says.
      format: this.flags.json ? 'json' : undefined,
      line: item => `Deleted ${item.id}${'status' in item && item.status ? ` (status ${item.status})` : ''}`,
      apply: async emit => {
        const interrupts = watchInterrupts({notice: BATCH_STOPPING})
        try {
          const result = await runDeletes(client, keys, {
            api: this.flags.api,
            signal: interrupts.signal,
            onApplied: emit,
          })
          if (result.applied > 1) this.out.info(`Deleted ${result.applied} payouts.`)
        } finally {
          interrupts.dispose()
        }
      },
    })
  }
}
