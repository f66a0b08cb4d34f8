import {ApiError} from '../../../client/index.js'
import type {AndThen, CreatePayoutV2, UpdatePayoutV2} from '../../../client/v2/payouts-v2.js'
import {isUpdatable, onlyFrom} from '../../../contract/lifecycle.js'
import {fieldOf} from '../../../shared/json-object.js'
import {mapLimit} from '../../../shared/map-limit.js'
import {present} from '../../../shared/present.js'
import {comparedUnderCustomId} from '../../payouts/create-keyed.js'
import type {ChunkRow} from './chunks.js'
import {
  attempt,
  type ChunkSender,
  ChunkStop,
  type Client,
  customIdConflict,
  declinedOutcome,
  describeApiError,
  identifiedPayout,
  type RowOutcome,
  settleChunk,
} from './send.js'

/**
 * v2: the rows to create go in one batch call (all-or-nothing) with an idempotency key from the rows
 * themselves; a batch refused with 409 (a customId taken, whatever the code and wording) is looked at row by
 * row (the payout may be this row's from an earlier run whose journal is lost): the same content counts as present, other content as
 * a conflict, and the rest is sent again. Changed rows are compared with their payout and PATCHed while it
 * is `created`; rows imported earlier without this run's --and-then get it through the approve batch call.
 */

type Row = ChunkRow<CreatePayoutV2>

const LOOKUPS_IN_FLIGHT = 8

/** The payout a row's customId names, compared with the row; undefined when the service has none. */
async function lookUpCompared(client: Client, row: Row) {
  const found = await attempt(() => comparedUnderCustomId(client, row.customId, row.item))
  if ('value' in found) return found.value
  throw new ChunkStop('fatal', found.refused)
}

/**
 * Creates the rows in one batch call. A replay of an earlier call (another run sent the same rows) and a
 * refusal because a customId is taken are settled by looking each payout up: the service may have changed
 * since, or hold other values under the customId.
 */
async function createRows(client: Client, rows: Row[], keyOf: (rows: Row[]) => string): Promise<RowOutcome[]> {
  const outcomes: RowOutcome[] = new Array(rows.length)
  let pending = rows.map((_, i) => i)
  for (let round = 0; pending.length; round++) {
    const batch = pending.map(i => rows[i])
    const sent = await attempt(() =>
      client.v2.payouts.submitBatch(
        batch.map(row => row.item),
        {idempotencyKey: keyOf(batch)},
      ),
    )
    if ('value' in sent && !sent.value.earlier) {
      pending.forEach((i, k) => {
        const payout = sent.value.payouts[k]
        outcomes[i] = (payout && declinedOutcome(payout)) ?? {status: 'created', payoutId: payout?.id}
      })
      return outcomes
    }
    if (!('value' in sent) && rowRefusal(sent.refused, pending.length)) {
      // The service names the row it refuses: that row fails with its reason, the others go again, as another
      // body under another key (keyOf derives it from the rows sent).
      const culprit = pending[sent.refused.index]
      outcomes[culprit] = {status: 'failed', error: describeApiError(sent.refused)}
      pending = pending.filter(i => i !== culprit)
      round--
      continue
    }
    if (!('value' in sent) && (!customIdConflict(sent.refused) || round === 2)) {
      failBatch(sent.refused, pending, rows, outcomes)
      return outcomes
    }
    const compared = await mapLimit(batch, LOOKUPS_IN_FLIGHT, row => lookUpCompared(client, row))
    const replayed = 'value' in sent
    pending = pending.filter((i, k) => {
      const found = compared[k]
      if (found) outcomes[i] = found.compared
      else if (replayed) outcomes[i] = {status: 'conflict', error: GONE}
      return !found && !replayed
    })
  }
  return outcomes
}

/** A refusal of one row of a batch (error.index), as opposed to one of the request, the caller or the service. */
function rowRefusal(error: unknown, size: number): error is ApiError & {index: number} {
  if (!(error instanceof ApiError) || error.index === undefined || customIdConflict(error)) return false
  const ofTheRequest = error.status < 400 || error.status >= 500 || [401, 403, 408, 429].includes(error.status)
  return !ofTheRequest && Number.isInteger(error.index) && error.index >= 0 && error.index < size
}

const GONE =
  'the service replayed an earlier creation of this row, but holds no payout under its customId now (deleted?)'

/** The index of the batch row a refusal names (error.index), if it names one. */
function indexOf(refusal: unknown): number | undefined {
  const index = fieldOf(refusal, 'index')
  return typeof index === 'number' ? index : undefined
}

/** An all-or-nothing refusal: the culprit (error.index) gets the reason, the others say why they were not created. */
function failBatch(error: unknown, pending: number[], rows: Row[], outcomes: RowOutcome[]): void {
  const message = describeApiError(error)
  const index = indexOf(error)
  const culprit = index === undefined ? undefined : pending[index]
  const because =
    culprit === undefined
      ? message
      : `not created: the service rejected the whole chunk because of line ${rows[culprit].line}`
  for (const i of pending) outcomes[i] = {status: 'failed', error: i === culprit ? message : because}
}

/**
 * The PATCH that makes a payout say what the row says (a recipient is replaced whole; no tags clears them). A
 * row naming its payout by id sends only what it states.
 */
function patchOf(item: CreatePayoutV2, byId = false): UpdatePayoutV2 {
  const patch: UpdatePayoutV2 = {}
  if (item.description !== undefined) patch.description = item.description
  if (item.amount !== undefined) patch.amount = item.amount
  if (item.currency !== undefined) patch.currency = item.currency
  const tags = item.tags ?? (byId ? undefined : [])
  if (tags) patch.tags = tags
  if (item.recipient) patch.recipient = item.recipient
  else if (item.counterpartyId) patch.counterpartyId = item.counterpartyId
  return patch
}

/** A payout made to say what its row says: updated, or failed with the service's reason. */
async function patched(client: Client, payoutId: string, patch: UpdatePayoutV2): Promise<RowOutcome> {
  const sent = await attempt(() => client.v2.payouts.update(payoutId, patch))
  if ('value' in sent) return {status: 'updated', payoutId}
  return {status: 'failed', payoutId, error: describeApiError(sent.refused)}
}

/**
 * A row naming its payout by id: present when the payout says what the row states, else updated while created.
 * An id this service does not know (an export of another account or environment) leaves the row to its customId,
 * as any row: created under it; without one the row fails (nothing names the payout to create).
 */
async function identifiedRow(client: Client, row: Row, id: string): Promise<RowOutcome | 'create'> {
  const found = await identifiedPayout(row.item, id, () => client.v2.payouts.get(id))
  if (found === 'by-custom-id') return 'create'
  if (!('differences' in found)) return found
  const {payout, differences, fixed} = found
  if (!isUpdatable(payout.status) || fixed)
    return {
      status: 'conflict',
      payoutId: payout.id,
      error: `${payout.id} is ${payout.status}${fixed ? ' and its customId cannot change' : `: ${onlyFrom('update')}`}: ${differences}`,
    }
  return patched(client, payout.id, patchOf(row.item, true))
}

/** A changed row: updated while its payout is `created`, a conflict once it has moved on. */
async function updateRow(client: Client, row: Row): Promise<RowOutcome | 'create'> {
  const found = await lookUpCompared(client, row)
  if (!found) return 'create'
  const {payout, compared} = found
  if (compared.status === 'present') return compared
  if (!isUpdatable(payout.status))
    return {
      status: 'conflict',
      payoutId: payout.id,
      error: `${payout.id} is ${payout.status}: ${onlyFrom('update')}`,
    }
  return patched(client, payout.id, patchOf(row.item))
}

/** Rows imported earlier without this --and-then: approved with it, in one batch call. */
async function followUp(client: Client, rows: Row[], andThen: AndThen, keyOf: (rows: Row[]) => string) {
  const outcomes: RowOutcome[] = new Array(rows.length)
  let pending = rows.map((_, i) => i)
  while (pending.length) {
    const batch = pending.map(i => rows[i])
    const ids = batch.map(row => row.previous?.payoutId ?? row.customId)
    const sent = await attempt(() => client.v2.payouts.approveMany(ids, {andThen}, {idempotencyKey: keyOf(batch)}))
    if ('value' in sent) {
      pending.forEach((i, k) => {
        const payout = sent.value[k]
        outcomes[i] = (payout && declinedOutcome(payout)) ?? {
          status: 'followed-up',
          payoutId: rows[i].previous?.payoutId,
        }
      })
      return outcomes
    }
    const index = indexOf(sent.refused)
    const culprit = index === undefined ? undefined : pending[index]
    const error = describeApiError(sent.refused)
    if (culprit === undefined) {
      for (const i of pending) outcomes[i] = {status: 'failed', error}
      return outcomes
    }
    outcomes[culprit] = {status: 'conflict', payoutId: rows[culprit].previous?.payoutId, error}
    pending = pending.filter(i => i !== culprit)
  }
  return outcomes
}

export function v2Sender(client: Client, andThen?: AndThen): ChunkSender<CreatePayoutV2> {
  return (chunk, keyOf) =>
    settleChunk(chunk, async (rows, outcomes) => {
      const toCreate: number[] = []
      const named = rows.flatMap((row, i) => (row.payoutId && row.action !== 'follow-up' ? [i] : []))
      const found = await mapLimit(named, LOOKUPS_IN_FLIGHT, i =>
        identifiedRow(client, rows[i], present(rows[i].payoutId)),
      )
      named.forEach((i, k) => {
        const result = found[k]
        if (result === 'create') toCreate.push(i)
        else outcomes[i] = result
      })
      const updates = rows.flatMap((row, i) => (row.action === 'update' && !row.payoutId ? [i] : []))
      const results = await mapLimit(updates, LOOKUPS_IN_FLIGHT, i => updateRow(client, rows[i]))
      updates.forEach((i, k) => {
        const result = results[k]
        if (result === 'create') toCreate.push(i)
        else outcomes[i] = result
      })
      toCreate.push(...rows.flatMap((row, i) => (row.action === 'create' && !row.payoutId ? [i] : [])))
      const created = await createRows(
        client,
        toCreate.map(i => rows[i]),
        keyOf,
      )
      toCreate.forEach((i, k) => {
        outcomes[i] = created[k]
      })
      const follow = rows.flatMap((row, i) => (row.action === 'follow-up' ? [i] : []))
      if (follow.length && andThen) {
        const done = await followUp(
          client,
          follow.map(i => rows[i]),
          andThen,
          keyOf,
        )
        follow.forEach((i, k) => {
          outcomes[i] = done[k]
        })
      }
    })
}
