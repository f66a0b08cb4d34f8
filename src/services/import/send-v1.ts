import type {PayoutV1} from '../../client/schemas.js'
import type {CreatePayoutV1} from '../../client/v1/payouts-v1.js'
import type {ChunkRow} from './chunks.js'
import {compareWithPayout} from './differences.js'
import {
  attempt,
  type ChunkSender,
  ChunkStop,
  type Client,
  customIdConflict,
  describeApiError,
  isNotFound,
  type RowOutcome,
  settleChunk,
} from './send.js'

/**
 * v1: each row is an upsert on its customId (`POST /payout`), one after the other (so `--concurrency`
 * chunks in flight means as many requests). A row the journal knows with other values is upserted only
 * while its payout is `created`; once it has moved on it is a conflict. An upsert the service answers
 * `updated` without changing anything (updatedAt still its createdAt) found the payout already present.
 */

type Row = ChunkRow<CreatePayoutV1>

async function upsert(client: Client, row: Row, changed: boolean): Promise<RowOutcome> {
  const sent = await attempt(() => client.v1.payouts.create(row.item))
  if (!('value' in sent))
    return customIdConflict(sent.refused) ? settleConflict(client, row, sent.refused) : failed(sent)
  const payout = sent.value
  if (payout.action !== 'updated') return {status: 'created', payoutId: payout.id}
  const untouched = !changed && payout.updatedAt !== undefined && payout.updatedAt === payout.createdAt
  return {status: untouched ? 'present' : 'updated', payoutId: payout.id}
}

const failed = (sent: {refused: unknown}): RowOutcome => ({status: 'failed', error: describeApiError(sent.refused)})

/** A 409 to the upsert (e.g. an immutable payout): present when the service holds these values, else a conflict. */
async function settleConflict(client: Client, row: Row, refused: unknown): Promise<RowOutcome> {
  const payout = await lookUp(client, row.customId)
  return payout ? compareWithPayout(row.item, payout) : failed({refused})
}

async function lookUp(client: Client, customId: string): Promise<PayoutV1 | undefined> {
  const found = await attempt(() => client.v1.payouts.get(customId, 'custom_id'))
  if ('value' in found) return found.value
  if (isNotFound(found.refused)) return undefined
  throw new ChunkStop('fatal', found.refused)
}

async function updateRow(client: Client, row: Row): Promise<RowOutcome> {
  const payout = await lookUp(client, row.customId)
  if (payout && payout.status !== 'created')
    return {
      status: 'conflict',
      payoutId: payout.id,
      error: `${payout.id} is ${payout.status}: only created payouts can be changed`,
    }
  return upsert(client, row, Boolean(payout))
}

export function v1Sender(client: Client): ChunkSender<CreatePayoutV1> {
  return chunk =>
    settleChunk(chunk, async (rows, outcomes) => {
      for (const [i, row] of rows.entries())
        outcomes[i] = row.action === 'update' ? await updateRow(client, row) : await upsert(client, row, false)
    })
}
