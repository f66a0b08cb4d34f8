import {ApiError} from '../../client/api-errors.js'
import {chunk} from '../../client/pagination.js'
import {PayctlError} from '../../shared/errors.js'
import {ExitCode} from '../../shared/exit-codes.js'
import {present} from '../../shared/present.js'
import {reportError} from '../errors/error-report.js'
import {batchInterruption} from './batch-interruption.js'

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
  /** Ctrl-C: the batch in flight finishes, no further batch is sent, and the error says how to send the rest. */
  signal?: AbortSignal
  /** How to send the rest after Ctrl-C, when the caller knows better than "re-run with the ids not applied". */
  resume?: string
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
    if (options.signal?.aborted) throw batchInterruption({...options, size, done: number, batches: batches.length})
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

interface FailureContext {
  error: unknown
  batch: BatchItem[]
  number: number
  batches: BatchItem[][]
  applied: number
  total: number
  size: number
  verb: string
}

function batchFailure(context: FailureContext): PayctlError {
  const {error, batch, number, batches, applied, total} = context
  const cause = reportError(error)
  const api = error instanceof ApiError ? error : undefined
  const index = failedIndex(api, batch)
  const failed = index === undefined ? undefined : batch[index]
  const parts = [
    `${failurePlace(context, failed, index)}: ${failureReason(api, cause.message)}`,
    ...consequences(context, api),
  ]
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
    suggestions: failureSuggestions(api, applied, cause.suggestions),
    cause: error,
    data,
  })
}

/** The failing item's position in its batch: the API's `error.index`, or 0 when an API error came to a lone item. */
function failedIndex(api: ApiError | undefined, batch: BatchItem[]): number | undefined {
  if (api?.index !== undefined && api.index >= 0 && api.index < batch.length) return api.index
  return batch.length === 1 && api ? 0 : undefined
}

function failurePlace(
  {batch, number, batches, size}: FailureContext,
  failed: BatchItem | undefined,
  index: number | undefined,
): string {
  if (size === 1) return failed?.label ?? batch[0].label
  const item = failed ? `${failed.label} (item ${present(index) + 1} of ${batch.length})` : undefined
  if (batches.length === 1) return item ?? `the batch of ${plural(batch.length)}`
  return `batch ${number + 1} of ${batches.length}${item ? ` at ${item}` : ''}`
}

function failureReason(api: ApiError | undefined, causeMessage: string): string {
  if (!api) return causeMessage
  const detail = api.details[0]
  let reason = api.message
  if (detail && !reason.includes(detail.message))
    reason += ` (${detail.path ? `${detail.path}: ` : ''}${detail.message})`
  if (api.requestId) reason += ` (request ${api.requestId})`
  return reason
}

/** What happened to the failed batch, the earlier ones and the later ones. */
function consequences(context: FailureContext, api: ApiError | undefined): string[] {
  const {batch, number, batches, applied, total, size, verb} = context
  const oneByOne = size === 1
  const later = total - applied - batch.length
  const parts = [failedBatchOutcome(api, oneByOne || batches.length === 1, oneByOne)]
  if (applied) {
    const before = oneByOne ? 'before it' : number === 1 ? 'in the earlier batch' : `in the ${number} earlier batches`
    parts.push(`${plural(applied)} ${before} ${applied === 1 ? 'was' : 'were'} ${verb}`)
  }
  if (later > 0)
    parts.push(`${plural(later)} after it ${later === 1 ? 'was' : 'were'} not ${oneByOne ? 'attempted' : 'sent'}`)
  return parts
}

function failedBatchOutcome(api: ApiError | undefined, single: boolean, oneByOne: boolean): string {
  if (api) return single ? 'nothing was applied' : 'nothing in this batch was applied'
  return `the outcome of ${oneByOne ? 'this call' : 'this batch'} is unknown`
}

function failureSuggestions(api: ApiError | undefined, applied: number, causeSuggestions: string[]): string[] {
  if (!api) return ['re-run with the same --idempotency-key: applied batches are replayed, not applied twice']
  return applied
    ? ['fix or drop the failing payout and re-run with the payouts that were not applied']
    : causeSuggestions
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
