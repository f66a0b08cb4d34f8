import {randomUUID} from 'node:crypto'
import {
  ApiError,
  ConnectionError,
  HostileAnswerError,
  ResponseShapeError,
  TimeoutError,
} from '../../client/api-errors.js'
import type {PayoutClient} from '../../client/index.js'
import type {PayoutV1, PayoutV2} from '../../client/schemas.js'
import {PayctlError} from '../../shared/errors.js'
import {reportError} from '../errors/error-report.js'
import {createV2} from './create-keyed.js'
import type {KeptKeys} from './kept-keys.js'
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

/** Errors that do not tell whether the service applied the request: it was sent, and no verdict came back. */
const NOTHING_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'])

export function outcomeUnknown(error: unknown): boolean {
  if (error instanceof ApiError) return error.status >= 500 || error.status === 408
  if (error instanceof ConnectionError)
    return !NOTHING_SENT.has(String((error.cause as {code?: unknown} | undefined)?.code))
  return error instanceof TimeoutError || error instanceof HostileAnswerError || error instanceof ResponseShapeError
}

/** The error as payctl reports it, with the advice that says what a re-run does and the key it reuses. */
function withAdvice(error: unknown, advice: string, data: Record<string, string>): PayctlError {
  const report = reportError(error)
  const request = report.requestId ? ` (request ${report.requestId})` : ''
  return new PayctlError(`${report.message}${request}`, {
    exitCode: report.exitCode,
    code: report.code,
    suggestions: [advice],
    cause: error,
    data,
  })
}

/**
 * `payouts create`, safe to re-run by construction. Every v2 create carries an idempotency key (the person's, or
 * one kept from a run whose outcome was unknown, or a new one); a v1 create without a customId gets a generated
 * one (v1 creation is an upsert on it). When the outcome is unknown, the key is kept (KeptKeys) and the error
 * says that a re-run reuses it.
 */
export async function createPayout(
  client: PayoutClient,
  plan: CreatePlan,
  options: {idempotencyKey?: string; kept: KeptKeys},
): Promise<CreatedPayout> {
  if (plan.api === 'v1') return {api: 'v1', payout: await createV1(client, plan.body, options.kept)}
  const request = {api: 'v2', body: plan.body}
  const own = options.idempotencyKey
  const chosen = own ? {key: own, reused: false} : await options.kept.keyFor(request)
  try {
    const sent = await createV2(client, plan.body, {idempotencyKey: chosen.key})
    if (chosen.reused) await options.kept.forget(request)
    return {api: 'v2', ...sent, reused: chosen.reused}
  } catch (error) {
    if (!outcomeUnknown(error)) {
      if (chosen.reused) await options.kept.forget(request)
      throw error
    }
    if (!own) await options.kept.keep(request, chosen.key)
    const again = own ? `re-run the same command (with --idempotency-key ${own})` : 're-run the same command'
    throw withAdvice(
      error,
      `${again}: it reuses idempotency key ${chosen.key}, so the service will not create a second payout`,
      {idempotencyKey: chosen.key},
    )
  }
}

async function createV1(
  client: PayoutClient,
  body: Extract<CreatePlan, {api: 'v1'}>['body'],
  kept: KeptKeys,
): Promise<PayoutV1> {
  const request = {api: 'v1', body}
  const chosen =
    body.customId === undefined
      ? await kept.keyFor(request, () => `payctl-${randomUUID()}`)
      : {key: body.customId, reused: false}
  try {
    const payout = await client.v1.payouts.create({...body, customId: chosen.key})
    if (chosen.reused) await kept.forget(request)
    return payout
  } catch (error) {
    if (!outcomeUnknown(error)) {
      if (chosen.reused) await kept.forget(request)
      throw error
    }
    if (body.customId === undefined) await kept.keep(request, chosen.key)
    throw withAdvice(
      error,
      `re-run the same command: it sends customId ${chosen.key} again, and v1 creation is an upsert on it, so the service will not create a second payout`,
      {customId: chosen.key},
    )
  }
}
