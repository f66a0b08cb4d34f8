import {randomUUID} from 'node:crypto'
import type {PayoutClient} from '../../client/index.js'
import type {PayoutV1, PayoutV2} from '../../client/schemas.js'
import {operations} from '../../contract/operations.js'
import {createV2} from './create-keyed.js'
import type {KeptKeys} from './kept-keys.js'
import {type KeyWords, sendKeyed} from './kept-send.js'
import type {CreatePlan} from './payout-plans.js'

export type CreatedPayout =
  | {api: 'v1'; payout: PayoutV1}
  | {
      api: 'v2'
      payout: PayoutV2
      present: boolean
      earlier: boolean
      /** The idempotency key was the one kept from a run whose outcome was unknown. */
      reused: boolean
    }

/** What `createPayout` needs beside the plan. */
export interface CreateOptions {
  /** The person's --idempotency-key (v2): nothing is kept, the advice names it. */
  idempotencyKey?: string
  kept: KeptKeys
  /** Ctrl-C or SIGTERM: the run ends at once and names the key its re-run reuses. */
  signal?: AbortSignal
  warn?: (line: string) => void
}

const V2_WORDS: KeyWords = {
  field: 'idempotencyKey',
  again: (key, own) =>
    `${own ? `re-run the same command (with --idempotency-key ${key})` : 're-run the same command'}: it reuses idempotency key ${key}, so the service will not create a second payout`,
  alike: key => `give --idempotency-key ${key}: the service then refuses this create if that one was applied`,
}

const V1_WORDS: KeyWords = {
  field: 'customId',
  again: key =>
    `re-run the same command: it sends customId ${key} again, and v1 creation is an upsert on it, so the service will not create a second payout`,
  alike: key => `give --custom-id ${key}: v1 creation then updates that payout instead of creating another`,
}

/** Recipients written one way for the likeness of two creates (an e-mail address's case does not matter here). */
const folded = (value: string | undefined) => value?.toLowerCase()

/**
 * `payouts create`, safe to re-run by construction (kept-send.ts). Every v2 create carries an idempotency key (the
 * person's, or one kept for the same request, or a new one); a v1 create without a customId gets a generated one
 * (v1 creation is an upsert on it). Either is on disk before the request leaves and forgotten on a definite answer.
 */
export async function createPayout(
  client: PayoutClient,
  plan: CreatePlan,
  options: CreateOptions,
): Promise<CreatedPayout> {
  const base = {signal: options.signal, warn: options.warn}
  if (plan.api === 'v1') {
    const {body} = plan
    const sent = await sendKeyed(options.kept, {
      ...base,
      words: V1_WORDS,
      own: body.customId,
      fresh: () => `payctl-${randomUUID()}`,
      request: {
        operation: operations.createOrUpdatePayoutV1.operationId,
        body,
        likeness: {
          to: folded(body.creatorHandle ?? body.email) ?? body.phone,
          amount: body.payoutAmount,
          currency: body.currency,
        },
      },
      send: customId => client.v1.payouts.create({...body, customId}),
    })
    return {api: 'v1', payout: sent.value}
  }
  const {body} = plan
  const sent = await sendKeyed(options.kept, {
    ...base,
    words: V2_WORDS,
    own: options.idempotencyKey,
    request: {
      operation: operations.createPayoutV2.operationId,
      body,
      likeness: {
        to: body.counterpartyId ?? folded(body.recipient?.email) ?? body.recipient?.phone,
        amount: body.amount,
        currency: body.currency,
      },
    },
    send: idempotencyKey => createV2(client, body, {idempotencyKey}),
  })
  return {api: 'v2', ...sent.value, reused: sent.reused}
}
