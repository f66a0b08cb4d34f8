import type {PayoutClient} from '../../client/index.js'
import type {DeletedV2, PayoutV1, PayoutV2} from '../../client/schemas.js'
import type {AndThen} from '../../client/v2/payouts-v2.js'
import {isApproved} from '../../contract/lifecycle.js'
import type {ApiGeneration} from '../../contract/primitives.js'
import {usageError} from '../../shared/errors.js'
import {mapLimit} from '../../shared/map-limit.js'
import {CurrencyTotals} from '../../shared/money.js'
import {present} from '../../shared/present.js'
import {type BatchItem, type BatchResult, batchIdempotencyKey, batchKeyProblem, runInBatches} from './batch.js'
import type {PayoutKey} from './ids-input.js'

export type BatchAction = 'approve' | 'pay' | 'send-claim-link'

/** Refuses (exit 2, before anything is read or sent) an --idempotency-key too long for the batches of `count` ids. */
export function checkBatchKey(key: string | undefined, count: number): void {
  const problem = batchKeyProblem(key, Math.ceil(count / 100))
  if (problem) throw usageError(problem)
}

const VERB: Record<BatchAction | 'delete', string> = {
  approve: 'approved',
  pay: 'paid',
  'send-claim-link': 'sent a claim link',
  delete: 'deleted',
}

/** Reads the payouts (v2) so that a confirmation can show their count and totals per currency. */
export async function fetchPayouts(client: PayoutClient, keys: readonly PayoutKey[]): Promise<PayoutV2[]> {
  return mapLimit(keys, 8, key => client.v2.payouts.get(key.v2))
}

/**
 * `pay` on an approved payout to an e-mail or phone recipient does what `--and-then pay` does for one: it sends
 * the claim link, and the recipient's claim pays it (only counterparty payouts can be paid directly, spec 4.5).
 * `payouts` are `keys` read, in their order; what cannot be told apart is left to `pay` (the service decides).
 */
export function payOrClaimLink(
  keys: readonly PayoutKey[],
  payouts: readonly PayoutV2[],
): {pay: PayoutKey[]; claimLink: PayoutKey[]} {
  const claimLink = keys.filter((_, i) => {
    const payout = payouts[i]
    const recipient = payout?.recipient?.type
    return isApproved(payout?.status) && !payout.counterpartyId && (recipient === 'email' || recipient === 'phone')
  })
  return {pay: keys.filter(key => !claimLink.includes(key)), claimLink}
}

export function totalsOf(payouts: readonly PayoutV2[]): Record<string, string> {
  const totals = new CurrencyTotals()
  for (const payout of payouts) if (payout.amount && payout.currency) totals.add(payout.currency, payout.amount)
  return totals.toObject()
}

/**
 * The batch endpoints take payout ids (spec 4.5), so customIds are resolved to ids first (a GET each), before
 * anything is sent: an unknown customId fails the command with nothing applied.
 */
export async function batchItems(client: PayoutClient, keys: readonly PayoutKey[]): Promise<BatchItem[]> {
  return mapLimit(keys, 8, async key => {
    if (key.kind === 'id') return {apiId: key.v2, label: key.label}
    const payout = await client.v2.payouts.get(key.customId)
    return {apiId: payout.id, label: `${payout.id} (customId "${key.customId}")`}
  })
}

export interface ActionOptions {
  andThen?: AndThen
  idempotencyKey?: string
  onApplied?(payouts: PayoutV2[]): Promise<void> | void
  /** Ctrl-C: stop after the batch in flight (see runInBatches). */
  signal?: AbortSignal
}

/**
 * approve, pay or send-claim-link for any number of payouts: one id uses the single endpoint (which takes an
 * id or a customId); more are sent to the batch endpoint in calls of at most 100 ids, stopping at the first
 * failing call.
 */
export async function runBatchAction(
  client: PayoutClient,
  action: BatchAction,
  keys: readonly PayoutKey[],
  options: ActionOptions = {},
): Promise<BatchResult> {
  const payouts = client.v2.payouts
  if (keys.length === 1) {
    const key = keys[0]
    const post = {idempotencyKey: options.idempotencyKey}
    return runInBatches({
      items: [{apiId: key.v2, label: key.label}],
      size: 1,
      verb: VERB[action],
      send: async ([id]) => {
        if (action === 'approve') return [await payouts.approve(id, {andThen: options.andThen}, post)]
        if (action === 'pay') return [await payouts.pay(id, post)]
        return [await payouts.sendClaimLink(id, post)]
      },
      onApplied: results => options.onApplied?.(results),
      signal: options.signal,
    })
  }
  checkBatchKey(options.idempotencyKey, keys.length)
  const batches = Math.ceil(keys.length / 100)
  const items = await batchItems(client, keys)
  return runInBatches({
    items,
    verb: VERB[action],
    send: (ids, batch) => {
      const post = {idempotencyKey: batchIdempotencyKey(options.idempotencyKey, batch, batches)}
      if (action === 'approve') return payouts.approveMany(ids, {andThen: options.andThen}, post)
      if (action === 'pay') return payouts.payMany(ids, post)
      return payouts.sendClaimLinkMany(ids, post)
    },
    onApplied: results => options.onApplied?.(results),
    signal: options.signal,
    resume:
      options.idempotencyKey === undefined
        ? undefined
        : 're-run the same command with the same --idempotency-key: applied batches are replayed, not applied twice',
  })
}

/**
 * Deletes payouts one by one (there is no batch delete), stopping at the first failure. v2 answers
 * `{object, id, deleted}`; v1 answers the payout (status `deleted`, and deleting it again succeeds).
 */
export async function runDeletes(
  client: PayoutClient,
  keys: readonly PayoutKey[],
  options: {
    api: ApiGeneration
    onApplied?(results: Array<DeletedV2 | PayoutV1>): Promise<void> | void
    signal?: AbortSignal
  },
): Promise<BatchResult> {
  const byApiId = new Map(keys.map(key => [options.api === 'v1' && key.kind === 'id' ? key.v1 : key.v2, key]))
  return runInBatches<DeletedV2 | PayoutV1>({
    items: keys.map(key => ({apiId: options.api === 'v1' && key.kind === 'id' ? key.v1 : key.v2, label: key.label})),
    size: 1,
    verb: VERB.delete,
    send: async ([id]) => {
      if (options.api === 'v2') return [await client.v2.payouts.delete(id)]
      const key = present(byApiId.get(id))
      return [await client.v1.payouts.delete(id, key.kind === 'custom' ? 'custom_id' : 'id')]
    },
    onApplied: results => options.onApplied?.(results),
    signal: options.signal,
  })
}
