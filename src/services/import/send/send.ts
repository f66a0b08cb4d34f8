import {ApiError, isTransient, type PayoutClient, withDetails} from '../../../client/index.js'
import {isDeclined} from '../../../contract/lifecycle.js'
import {messageOf} from '../../../shared/thrown.js'
import {statedDifferences} from '../../payouts/payout-differences.js'
import type {PayoutLike} from '../../payouts/payout-identity.js'
import type {Chunk, ChunkRow} from './chunks.js'

/**
 * What sending a chunk can do to each of its rows, and how an error of the service is classified. The
 * senders themselves: send-v2.ts and send-v1.ts.
 */

export type RowStatus =
  | 'created'
  | 'updated'
  /** The service already held the payout with the same content (a replay, or found by customId). */
  | 'present'
  | 'conflict'
  /** Imported earlier; this run's --and-then was applied to it. */
  | 'followed-up'
  | 'failed'
  | 'unconfirmed'
  | 'not-sent'

export interface RowOutcome {
  status: RowStatus
  payoutId?: string
  error?: string
  /** A failed row whose payout exists: the service's answer already shows its payment failed (declined). */
  declined?: boolean
}

/** A payout the answer to a create or approve already shows `failed`: the row failed, its payout is there. */
export function declinedOutcome(payout: {id: string; status?: string; failureCode?: string; failureReason?: string}) {
  if (!isDeclined(payout.status)) return undefined
  const why = [payout.failureCode, payout.failureReason].filter(Boolean).join(': ')
  return {
    status: 'failed',
    payoutId: payout.id,
    declined: true,
    error: `payment failed${why ? `: ${why}` : ''}`,
  } satisfies RowOutcome
}

export interface ChunkOutcome {
  /** done: every row settled; rejected: the service refused rows; transient: gave up after retries (resumable). */
  kind: 'done' | 'rejected' | 'transient'
  rows: RowOutcome[]
  /** One line about a rejected or transient chunk. */
  message?: string
  /** An error that stops the whole import (credentials, scope, an unreadable answer). */
  fatal?: unknown
}

export type ErrorKind = 'transient' | 'rejected' | 'fatal'

export function classifyError(error: unknown): ErrorKind {
  if (isTransient(error)) return 'transient'
  if (error instanceof ApiError) return error.status === 401 || error.status === 403 ? 'fatal' : 'rejected'
  return 'fatal'
}

/** "CODE: message (field: reason)", with a batch item's path prefix (`items.3.`) dropped. */
export function describeApiError(error: unknown): string {
  if (!(error instanceof ApiError)) return messageOf(error)
  const prefix = error.index === undefined ? undefined : `items.${error.index}.`
  return `${error.code}: ${withDetails(error, error.message, prefix)}`
}

/**
 * A create keyed by customId answered 409: whatever the code or wording, the payout may be ours from an earlier
 * run (or another computer), so it is settled by looking the customId up.
 */
export const customIdConflict = (error: unknown) => error instanceof ApiError && error.status === 409

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404

/** What a row naming a payout by id, without a customId, is told when the service has no such payout. */
export const noSuchPayout = (id: string) =>
  `no payout ${id} on this service (deleted, or from another account or environment), and the row has no customId: nothing was created for it (to create a new payout from it, empty its id or give it a customId)`

/** A transport-level stop (transient or fatal) met while sending one chunk: the chunk ends there. */
export class ChunkStop extends Error {
  constructor(
    readonly kind: 'transient' | 'fatal',
    readonly reason: unknown,
  ) {
    super(describeApiError(reason))
  }
}

/** Calls the service; a transient or fatal error becomes a ChunkStop, a refusal is returned as such. */
export async function attempt<T>(call: () => Promise<T>): Promise<{value: T} | {refused: unknown}> {
  try {
    return {value: await call()}
  } catch (error) {
    const kind = classifyError(error)
    if (kind === 'rejected') return {refused: error}
    throw new ChunkStop(kind, error)
  }
}

/** A look-up: what the service answers, undefined for a 404; any other refusal stops the chunk. */
export async function lookUp<T>(call: () => Promise<T>): Promise<T | undefined> {
  const found = await attempt(call)
  if ('value' in found) return found.value
  if (isNotFound(found.refused)) return undefined
  throw new ChunkStop('fatal', found.refused)
}

/** A payout a row names by id, set against the row: what the row states otherwise, and whether it changes the customId. */
export interface IdentifiedPayout<P> {
  payout: P
  differences: string
  /** The row states another customId than the payout's (a customId cannot change). */
  fixed: boolean
}

/**
 * A row naming its payout by id (as payctl's exports write): the payout `get` reads, set against what the row states;
 * or the row's outcome already, present when the payout says what the row states. An id this service does not know
 * (an export of another account or environment) leaves the row to its own customId (`'by-custom-id'`, as any row);
 * without one the row fails (nothing names the payout).
 */
export async function identifiedPayout<P extends PayoutLike & {id: string; customId?: string}>(
  item: PayoutLike & {customId?: string},
  id: string,
  get: () => Promise<P>,
): Promise<IdentifiedPayout<P> | RowOutcome | 'by-custom-id'> {
  const payout = await lookUp(get)
  if (!payout) return item.customId ? 'by-custom-id' : {status: 'failed', error: noSuchPayout(id)}
  const differences = statedDifferences(item, payout)
  if (!differences) return {status: 'present', payoutId: payout.id}
  return {payout, differences, fixed: item.customId !== undefined && item.customId !== payout.customId}
}

export type Client = PayoutClient

/** Sends one chunk; `keyOf` gives the idempotency key of a request carrying these rows. */
export type ChunkSender<Item> = (chunk: Chunk<Item>, keyOf: (rows: ChunkRow<Item>[]) => string) => Promise<ChunkOutcome>

/**
 * Runs `work` over a chunk's rows, which fills in an outcome per row. A transport stop (the service gone
 * after the retries, or credentials) ends the chunk: rows without an outcome are then unconfirmed.
 */
export async function settleChunk<Item>(
  chunk: Chunk<Item>,
  work: (rows: ChunkRow<Item>[], outcomes: RowOutcome[]) => Promise<void>,
): Promise<ChunkOutcome> {
  const outcomes: RowOutcome[] = new Array(chunk.rows.length)
  try {
    await work(chunk.rows, outcomes)
  } catch (error) {
    if (!(error instanceof ChunkStop)) throw error
    for (let i = 0; i < outcomes.length; i++) outcomes[i] ??= {status: 'unconfirmed', error: error.message}
    return {
      kind: 'transient',
      rows: outcomes,
      message: error.message,
      fatal: error.kind === 'fatal' ? error.reason : undefined,
    }
  }
  const failed = outcomes.filter(row => row.status === 'failed')
  if (!failed.length) return {kind: 'done', rows: outcomes}
  // The row that made the service refuse a whole batch, rather than the rows it took along.
  const culprit = failed.find(row => !row.error?.startsWith('not created: ')) ?? failed[0]
  const others = failed.length - 1
  return {
    kind: 'rejected',
    rows: outcomes,
    message: `line ${chunk.rows[outcomes.indexOf(culprit)].line}: ${culprit.error}${others ? ` (and ${others} more row${others === 1 ? '' : 's'} failed)` : ''}`,
  }
}
