import {createHash} from 'node:crypto'
import type {PayoutClient} from '../../client/index.js'
import type {PayoutV2} from '../../client/schemas.js'
import {uuidFromHex} from '../../contract/ids.js'
import {present} from '../../shared/present.js'
import {type BatchResult, runInBatches} from '../payouts/batch.js'

/**
 * Moving failed payouts forward, by what their recipient needs, in calls of at most 100 ids:
 * - a counterparty payout is paid again (spec 3: v2 pay of a `failed` payout re-sends it to the counterparty's
 *   current payment method; needs payouts:approve);
 * - an e-mail or phone payout gets a fresh claim link (pay is for counterparty payouts, spec 4.5), so that its
 *   payee can claim it with another method.
 * Each call's idempotency key comes from its payouts and the moment each failed (`updatedAt`): re-running after
 * a lost answer replays the call, while a payout that failed again later is a new attempt with a new key.
 */

export interface FailedRef {
  id: string
  label: string
  updatedAt?: string
}

export type RetryKind = 'pay' | 'claim-link'

export const retryKindOf = (payout: Pick<PayoutV2, 'counterpartyId'>): RetryKind =>
  payout.counterpartyId ? 'pay' : 'claim-link'

const KEY_PREFIX: Record<RetryKind, string> = {pay: 'payctl-retry-failed', 'claim-link': 'payctl-retry-claim-link'}

export function retryKey(batch: readonly FailedRef[], kind: RetryKind = 'pay'): string {
  const hash = createHash('sha256').update(`${KEY_PREFIX[kind]}\n`)
  for (const payout of batch) hash.update(`${payout.id}\t${payout.updatedAt ?? ''}\n`)
  return uuidFromHex(hash.digest('hex'))
}

export interface RetryOptions {
  /** Ctrl-C: the call in flight finishes, no further call is sent, and the error says where it stopped. */
  signal?: AbortSignal
  /** How to send the rest after Ctrl-C. */
  resume?: string
  onApplied?: (payouts: PayoutV2[]) => void
}

/** Sends one kind of failed payouts forward: paid again, or a fresh claim link. */
export async function retryFailedPayouts(
  client: PayoutClient,
  kind: RetryKind,
  failed: readonly FailedRef[],
  options: RetryOptions = {},
): Promise<BatchResult> {
  const byId = new Map(failed.map(f => [f.id, f]))
  const keyOf = (ids: string[]) => ({
    idempotencyKey: retryKey(
      ids.map(id => present(byId.get(id))),
      kind,
    ),
  })
  return runInBatches({
    items: failed.map(f => ({apiId: f.id, label: f.label})),
    verb: kind === 'pay' ? 'paid again' : 'sent a fresh claim link',
    send: ids =>
      kind === 'pay'
        ? client.v2.payouts.payMany(ids, keyOf(ids))
        : client.v2.payouts.sendClaimLinkMany(ids, keyOf(ids)),
    onApplied: payouts => options.onApplied?.(payouts),
    signal: options.signal,
    resume: options.resume,
  })
}
