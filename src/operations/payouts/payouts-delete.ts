import type {DeletedV2, PayoutV1} from '../../client/schemas.js'
import {apiInput, idsInputs} from '../inputs/common-inputs.js'
import {operation} from '../operation.js'

/** `payouts delete`: one by one, stopping at the first failure; each deleted payout answers as it goes. */
export const payoutsDelete = operation({
  id: 'payouts:delete',
  summary: 'Delete payouts that have not been paid out.',
  result: 'deletedPayouts',
  inputs: {...idsInputs, api: apiInput('v2')},
  async run(input, context) {
    const [{payoutKeysOf}, {runDeletes}, {BATCH_STOPPING, watchInterrupts}, {appliedItems}] = await Promise.all([
      import('./payout-keys.js'),
      import('../../services/payouts/actions.js'),
      import('../interrupt.js'),
      import('../applied-items.js'),
    ])
    const keys = await payoutKeysOf(input, line => context.report.warn(line))
    await context.confirm({action: `delete ${keys.length === 1 ? 'a payout' : 'payouts'}`, count: keys.length})
    const client = await context.session.client()
    return appliedItems<DeletedV2 | PayoutV1, void>({
      apply: async emit => {
        const interrupts = watchInterrupts({notice: BATCH_STOPPING})
        try {
          const result = await runDeletes(client, keys, {api: input.api, signal: interrupts.signal, onApplied: emit})
          if (result.applied > 1) context.report.info(`Deleted ${result.applied} payouts.`)
        } finally {
          interrupts.dispose()
        }
      },
    })
  },
})
