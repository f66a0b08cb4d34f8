import type {CreatePayoutV1} from '../../../client/v1/payouts-v1.js'
import {payoutIdBody} from '../../../contract/ids.js'
import {isUpdatable} from '../../../contract/lifecycle.js'
import {compareWithPayout} from '../../payouts/payout-differences.js'
import type {ChunkRow} from './chunks.js'
import {
  attempt,
  type ChunkSender,
  type Client,
  customIdConflict,
  describeApiError,
  identifiedPayout,
  lookUp,
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
  // Nothing changed: a payout never updated, or one that moved on (only created payouts change) and says what
  // the row says.
  const never = payout.updatedAt !== undefined && payout.updatedAt === payout.createdAt
  const movedOn = !isUpdatable(payout.status) && compareWithPayout(row.item, payout).status === 'present'
  return {status: !changed && (never || movedOn) ? 'present' : 'updated', payoutId: payout.id}
}

const failed = (sent: {refused: unknown}): RowOutcome => ({status: 'failed', error: describeApiError(sent.refused)})

/** The payout under a customId, or undefined when the service has none. */
const payoutUnder = (client: Client, customId: string) => lookUp(() => client.v1.payouts.get(customId, 'custom_id'))

/** A 409 to the upsert (e.g. an immutable payout): present when the service holds these values, else a conflict. */
async function settleConflict(client: Client, row: Row, refused: unknown): Promise<RowOutcome> {
  const payout = await payoutUnder(client, row.customId)
  return payout ? compareWithPayout(row.item, payout) : failed({refused})
}

/**
 * A row naming its payout by id: present when the payout says what the row states (v1 upserts keep what a body
 * leaves out); otherwise upserted under the payout's customId while it is `created`. An id this service does not
 * know leaves the row to its own customId (upserted as any row); without one the row fails.
 */
async function identifiedRow(client: Client, row: Row, id: string): Promise<RowOutcome> {
  const found = await identifiedPayout(row.item, id, () => client.v1.payouts.get(payoutIdBody(id)))
  if (found === 'by-custom-id') return upsert(client, row, false)
  if (!('differences' in found)) return found
  const {payout, differences, fixed} = found
  const key = payout.customId
  if (!isUpdatable(payout.status) || fixed || !key) {
    const why = fixed
      ? 'its customId cannot change'
      : key
        ? 'only created payouts can be changed'
        : 'v1 changes a payout by its customId and it has none (payctl payouts update changes it)'
    return {status: 'conflict', payoutId: payout.id, error: `${payout.id} is ${payout.status}; ${why}: ${differences}`}
  }
  return upsert(client, {...row, item: {...row.item, customId: key}}, true)
}

async function updateRow(client: Client, row: Row): Promise<RowOutcome> {
  const payout = await payoutUnder(client, row.customId)
  if (payout && !isUpdatable(payout.status))
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
        outcomes[i] =
          row.payoutId && row.action !== 'follow-up'
            ? await identifiedRow(client, row, row.payoutId)
            : row.action === 'update'
              ? await updateRow(client, row)
              : await upsert(client, row, false)
    })
}
