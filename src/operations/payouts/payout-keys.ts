import {collectPayoutKeys, type PayoutKey} from '../../services/payouts/ids-input.js'

/** The payout inputs every command on several payouts takes (inputs/common-inputs.ts `idsInputs`). */
export interface PayoutIdsInput {
  id?: string[]
  'custom-id'?: string[]
  'ids-file'?: string
}

/** The payouts the ids, customIds and ids file name, each once; `warn` is told how many repeats were dropped. */
export async function payoutKeysOf(input: PayoutIdsInput, warn?: (line: string) => void): Promise<PayoutKey[]> {
  const collected = await collectPayoutKeys({
    args: input.id ?? [],
    customIds: input['custom-id'],
    idsFile: input['ids-file'],
    warn,
  })
  return collected.keys
}
