import {createHash} from 'node:crypto'
import type {PayoutClient} from '../../client/index.js'
import type {PayoutV2} from '../../client/schemas.js'
import {uuidFromHex} from '../../contract/ids.js'
import {type BatchResult, runInBatches} from '../payouts/batch.js'

/**
 * Paying failed payouts again (spec 3: v2 pay of a `failed` payout re-sends it to the counterparty's current
 * payment method; needs payouts:approve), in calls of at most 100 ids. Each call's idempotency key comes from
 * its payouts and the moment each failed (`updatedAt`): re-running after a lost answer replays the call,
 * while a payout that failed again later is a new attempt with a new key.
 */

export interface FailedRef {
  id: string
  label: string
  updatedAt?: string
}

export function retryKey(batch: readonly FailedRef[]): string {
  const hash = createHash('sha256').update('payctl-retry-failed\n')
  for (const payout of batch) hash.update(`${payout.id}\t${payout.updatedAt ?? ''}\n`)
  return uuidFromHex(hash.digest('hex'))
}

export async function payFailedAgain(
  client: PayoutClient,
  failed: readonly FailedRef[],
  onApplied?: (payouts: PayoutV2[]) => void,
): Promise<BatchResult> {
  const byId = new Map(failed.map(f => [f.id, f]))
  return runInBatches({
    items: failed.map(f => ({apiId: f.id, label: f.label})),
    verb: 'paid again',
    send: ids => client.v2.payouts.payMany(ids, {idempotencyKey: retryKey(ids.map(id => byId.get(id)!))}),
    onApplied: payouts => onApplied?.(payouts),
  })
}
