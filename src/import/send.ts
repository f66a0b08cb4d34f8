import {ApiError, ConnectionError, type PayoutClient, TimeoutError} from '../client/index.js'
import type {CreatePayoutV1} from '../client/v1/payouts.js'
import type {CreatePayoutV2} from '../client/v2/payouts.js'
import type {Chunk} from './chunks.js'

/**
 * Sending one chunk. v2: one batch create call (all-or-nothing) with the chunk's derived idempotency key.
 * v1: each row as an upsert on its customId, one after the other (so `--concurrency` chunks in flight means
 * as many requests). The client retries transient failures by its own rules before an error reaches here.
 */

export type RowStatus = 'created' | 'updated' | 'failed' | 'unconfirmed' | 'not-sent'

export interface RowOutcome {
  status: RowStatus
  payoutId?: string
  error?: string
}

export interface ChunkOutcome {
  /** done: every row in; rejected: the service refused rows; transient: gave up after retries (resumable). */
  kind: 'done' | 'rejected' | 'transient'
  rows: RowOutcome[]
  /** One line about a rejected or transient chunk. */
  message?: string
  /** An error that stops the whole import (credentials, scope, an unreadable answer). */
  fatal?: unknown
}

export type ChunkSender<Item> = (chunk: Chunk<Item>, idempotencyKey: string) => Promise<ChunkOutcome>

type ErrorKind = 'transient' | 'rejected' | 'fatal'

export function classifyError(error: unknown): ErrorKind {
  if (error instanceof ConnectionError || error instanceof TimeoutError) return 'transient'
  if (error instanceof ApiError) {
    if (error.status === 401 || error.status === 403) return 'fatal'
    if (error.status === 408 || error.status === 429 || error.status >= 500) return 'transient'
    return 'rejected'
  }
  return 'fatal'
}

/** "CODE: message (field: reason)", with a batch item's path prefix (`items.3.`) dropped. */
export function describeApiError(error: unknown): string {
  if (!(error instanceof ApiError)) return (error as Error)?.message ?? String(error)
  const prefix = error.index === undefined ? undefined : `items.${error.index}.`
  const details = error.details
    .filter(detail => prefix === undefined || !detail.path.startsWith('items.') || detail.path.startsWith(prefix))
    .map(detail => {
      const path = prefix && detail.path.startsWith(prefix) ? detail.path.slice(prefix.length) : detail.path
      return path ? `${path}: ${detail.message}` : detail.message
    })
  const extra = details.filter(detail => !error.message.includes(detail))
  return `${error.code}: ${error.message}${extra.length ? ` (${extra.join('; ')})` : ''}`
}

const rowsWith = (count: number, outcome: RowOutcome): RowOutcome[] => Array.from({length: count}, () => ({...outcome}))

export function v2Sender(client: PayoutClient): ChunkSender<CreatePayoutV2> {
  return async (chunk, idempotencyKey) => {
    try {
      const payouts = await client.v2.payouts.createBatch(
        chunk.rows.map(row => row.item),
        {idempotencyKey},
      )
      return {kind: 'done', rows: chunk.rows.map((_, i) => ({status: 'created', payoutId: payouts[i]?.id}))}
    } catch (error) {
      const kind = classifyError(error)
      const message = describeApiError(error)
      if (kind !== 'rejected') {
        return {
          kind: 'transient',
          rows: rowsWith(chunk.rows.length, {status: 'unconfirmed', error: message}),
          message,
          fatal: kind === 'fatal' ? error : undefined,
        }
      }
      const index = (error as ApiError).index
      const culprit = index === undefined ? undefined : chunk.rows[index]
      if (!culprit)
        return {kind: 'rejected', rows: rowsWith(chunk.rows.length, {status: 'failed', error: message}), message}
      const because = `not created: the service rejected the whole chunk because of line ${culprit.line}`
      return {
        kind: 'rejected',
        rows: chunk.rows.map(row =>
          row === culprit ? {status: 'failed', error: message} : {status: 'failed', error: because},
        ),
        message: `line ${culprit.line}: ${message}`,
      }
    }
  }
}

export function v1Sender(client: PayoutClient): ChunkSender<CreatePayoutV1> {
  return async chunk => {
    const rows: RowOutcome[] = []
    let rejected = 0
    let firstProblem: string | undefined
    for (const [position, row] of chunk.rows.entries()) {
      try {
        const payout = await client.v1.payouts.create(row.item)
        rows.push({status: payout.action === 'updated' ? 'updated' : 'created', payoutId: payout.id})
      } catch (error) {
        const kind = classifyError(error)
        const message = describeApiError(error)
        if (kind !== 'rejected') {
          rows.push({status: 'unconfirmed', error: message})
          rows.push(...rowsWith(chunk.rows.length - position - 1, {status: 'not-sent'}))
          return {
            kind: 'transient',
            rows,
            message: `line ${row.line}: ${message}`,
            fatal: kind === 'fatal' ? error : undefined,
          }
        }
        rejected++
        firstProblem ??= `line ${row.line}: ${message}`
        rows.push({status: 'failed', error: message})
      }
    }
    if (!rejected) return {kind: 'done', rows}
    return {
      kind: 'rejected',
      rows,
      message: `${rejected} row${rejected === 1 ? '' : 's'} failed, first ${firstProblem}`,
    }
  }
}
