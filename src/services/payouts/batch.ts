import {ApiError} from '../../client/api-errors.js'
import {chunk} from '../../client/pagination.js'
import {reportError} from '../errors/error-report.js'
import {PayctlError} from '../../shared/errors.js'
import {ExitCode} from '../../shared/exit-codes.js'

/** One payout to send: the id the API gets, and how to name it to the user. */
export interface BatchItem {
  apiId: string
  label: string
}

export interface BatchOptions<T> {
  items: readonly BatchItem[]
  /** Items per call: 100 for the batch endpoints (spec section 8), 1 for one-by-one operations. */
  size?: number
  /** Past tense for messages: "approved", "paid", "deleted". */
  verb: string
  /** Sends one batch; `batch` is 0-based. */
  send(ids: string[], batch: number): Promise<T[]>
  /** Called with each applied batch's result, in order (for streaming output). */
  onApplied?(results: T[], batch: number): Promise<void> | void
}

export interface BatchResult {
  applied: number
  batches: number
}

/** What --json shows about a failed batch, in `error.data`. */
export interface BatchFailureData {
  failedId?: string
  /** Position of the failing item in its batch (the API's `error.index`), 0-based. */
  index?: number
  /** 1-based number of the failed batch, and how many there were. */
  batch: number
  batches: number
  status?: number
  requestId?: string
  /** Items applied by earlier batches, and items not applied (the failed batch and every later one). */
  applied: number
  notApplied: number
  /** Whether the failed batch is known to have changed nothing (an HTTP error answer), or its outcome is unknown. */
  outcome: 'not-applied' | 'unknown'
}

const plural = (n: number, word = 'payout') => `${n} ${word}${n === 1 ? '' : 's'}`

/**
 * Sends items in calls of at most `size` (spec: batch endpoints take up to 100 ids, all-or-nothing), one after
 * the other, and stops at the first failing call. The error names the failing id from `error.index`, says
 * that nothing in that batch was applied, and which earlier batches were.
 */
export async function runInBatches<T>(options: BatchOptions<T>): Promise<BatchResult> {
  const size = options.size ?? 100
  const batches = chunk(options.items, size)
  let applied = 0
  for (const [number, batch] of batches.entries()) {
    let results: T[]
    try {
      results = await options.send(
        batch.map(item => item.apiId),
        number,
      )
    } catch (error) {
      throw batchFailure({
        error,
        batch,
        number,
        batches,
        applied,
        total: options.items.length,
        size,
        verb: options.verb,
      })
    }
    applied += batch.length
    await options.onApplied?.(results, number)
  }
  return {applied, batches: batches.length}
}

function batchFailure(context: {
  error: unknown
  batch: BatchItem[]
  number: number
  batches: BatchItem[][]
  applied: number
  total: number
  size: number
  verb: string
}): PayctlError {
  const {error, batch, number, batches, applied, total, size, verb} = context
  const cause = reportError(error)
  const api = error instanceof ApiError ? error : undefined
  const index =
    api?.index !== undefined && api.index >= 0 && api.index < batch.length
      ? api.index
      : batch.length === 1 && api
        ? 0
        : undefined
  const failed = index === undefined ? undefined : batch[index]
  const oneByOne = size === 1
  const later = total - applied - batch.length

  let where: string
  if (oneByOne) where = failed?.label ?? batch[0].label
  else if (batches.length === 1)
    where = failed ? `${failed.label} (item ${index! + 1} of ${batch.length})` : `the batch of ${plural(batch.length)}`
  else
    where = `batch ${number + 1} of ${batches.length}${failed ? ` at ${failed.label} (item ${index! + 1} of ${batch.length})` : ''}`

  const detail = api?.details[0]
  let reason = api ? api.message : cause.message
  if (detail && !reason.includes(detail.message))
    reason += ` (${detail.path ? `${detail.path}: ` : ''}${detail.message})`
  if (api?.requestId) reason += ` (request ${api.requestId})`

  const parts = [`${where}: ${reason}`]
  if (api) parts.push(oneByOne || batches.length === 1 ? 'nothing was applied' : 'nothing in this batch was applied')
  else parts.push(`the outcome of ${oneByOne ? 'this call' : 'this batch'} is unknown`)
  if (applied) {
    const before = oneByOne ? 'before it' : number === 1 ? 'in the earlier batch' : `in the ${number} earlier batches`
    parts.push(`${plural(applied)} ${before} ${applied === 1 ? 'was' : 'were'} ${verb}`)
  }
  if (later > 0)
    parts.push(`${plural(later)} after it ${later === 1 ? 'was' : 'were'} not ${oneByOne ? 'attempted' : 'sent'}`)

  const suggestions = api
    ? applied
      ? ['fix or drop the failing payout and re-run with the payouts that were not applied']
      : cause.suggestions
    : ['re-run with the same --idempotency-key: applied batches are replayed, not applied twice']
  const data: BatchFailureData = {
    failedId: failed?.apiId,
    index,
    batch: number + 1,
    batches: batches.length,
    status: api?.status,
    requestId: api?.requestId,
    applied,
    notApplied: total - applied,
    outcome: api ? 'not-applied' : 'unknown',
  }
  return new PayctlError(parts.join('; '), {
    exitCode: applied ? ExitCode.partial : cause.exitCode,
    code: cause.code,
    suggestions,
    cause: error,
    data,
  })
}

/**
 * Idempotency key of one batch: the user's key as is for a single call, `KEY-<n>` for each of several, so
 * re-running the same command with the same key replays the batches that were applied and sends the rest.
 */
export function batchIdempotencyKey(key: string | undefined, batch: number, batches: number): string | undefined {
  if (key === undefined) return undefined
  return batches === 1 ? key : `${key}-${batch + 1}`
}

/** Checks up front that the derived batch keys stay within the API's 255 characters. */
export function batchKeyProblem(key: string | undefined, batches: number): string | undefined {
  if (key === undefined || batches === 1) return undefined
  const longest = `${key}-${batches}`.length
  return longest > 255
    ? `--idempotency-key is too long for ${batches} batches: each batch adds "-<n>"; use at most ${255 - (longest - key.length)} characters`
    : undefined
}
