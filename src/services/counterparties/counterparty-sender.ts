import type {PayoutClient} from '../../client/index.js'
import type {Counterparty} from '../../client/schemas.js'
import type {CounterpartyInput} from '../../client/v2/counterparties-v2.js'
import type {ChunkRow} from '../import/send/chunks.js'
import {
  attempt,
  type ChunkSender,
  ChunkStop,
  customIdConflict,
  describeApiError,
  isNotFound,
  type RowOutcome,
  settleChunk,
} from '../import/send/send.js'
import {counterpartyContent} from './counterparty-row-schema.js'

/**
 * Sends the rows of `counterparties import`, one create per row with its own idempotency key (the service
 * has no batch create for counterparties). Every row carries a customId (its own or a derived one), so a
 * create answered 409 is settled by looking the customId up: the same values are "present", other values
 * are applied with an update (a counterparty can be changed at any time). A row whose values changed since
 * its last import is updated the same way. A create the service answers with a replay of an earlier call's
 * creation (`Idempotent-Replayed`, e.g. a renamed copy of an imported file) created nothing now: it is settled
 * against what the service holds under the customId today.
 */

type Row = ChunkRow<CounterpartyInput>

const failed = (refused: unknown): RowOutcome => ({status: 'failed', error: describeApiError(refused)})

async function lookUp(client: PayoutClient, customId: string): Promise<Counterparty | undefined> {
  const found = await attempt(() => client.v2.counterparties.get(customId))
  if ('value' in found) return found.value
  if (isNotFound(found.refused)) return undefined
  throw new ChunkStop('fatal', found.refused)
}

/** Brings the service's counterparty to the row's values (nothing sent when they are equal). */
async function settleWith(client: PayoutClient, row: Row, existing: Counterparty): Promise<RowOutcome> {
  if (counterpartyContent(existing as Record<string, unknown>) === row.content)
    return {status: 'present', payoutId: existing.id}
  const patched = await attempt(() => client.v2.counterparties.update(existing.id, row.item))
  return 'value' in patched ? {status: 'updated', payoutId: patched.value.id} : failed(patched.refused)
}

async function create(client: PayoutClient, row: Row, idempotencyKey: string): Promise<RowOutcome> {
  const sent = await attempt(() => client.v2.counterparties.submit(row.item, {idempotencyKey}))
  if ('value' in sent && !sent.value.earlier) return {status: 'created', payoutId: sent.value.counterparty.id}
  if (!('value' in sent) && !customIdConflict(sent.refused)) return failed(sent.refused)
  const existing = await lookUp(client, row.customId)
  if (existing) return settleWith(client, row, existing)
  return 'value' in sent ? {status: 'failed', error: GONE} : failed(sent.refused)
}

const GONE =
  'the service replayed an earlier creation of this row, but holds no counterparty under its customId now (deleted?)'

async function update(client: PayoutClient, row: Row, idempotencyKey: string): Promise<RowOutcome> {
  const existing = await lookUp(client, row.customId)
  return existing ? settleWith(client, row, existing) : create(client, row, idempotencyKey)
}

export function counterpartySender(client: PayoutClient): ChunkSender<CounterpartyInput> {
  return (chunk, keyOf) =>
    settleChunk(chunk, async (rows, outcomes) => {
      for (const [i, row] of rows.entries())
        outcomes[i] =
          row.action === 'update' ? await update(client, row, keyOf([row])) : await create(client, row, keyOf([row]))
    })
}
