import {fillPath} from '../contract/operation-path.js'
import {
  type AnswerOf,
  type BodyOf,
  httpMethodOf,
  type Operation,
  type ParamsOf,
  type QueryOf,
} from '../contract/operation-types.js'
import {parseResponse} from './parse.js'
import type {ApiResponse, Transport} from './transport.js'

/** Options of a call: the idempotency key of a keyed row (one per logical call, reused across retries). */
export interface CallOptions {
  idempotencyKey?: string
  /** Force whether the request may be retried (a v1 upsert is safe to retry only with its customId). */
  retryable?: boolean
}

type ParamsInput<O extends Operation> = keyof ParamsOf<O> extends never ? {params?: undefined} : {params: ParamsOf<O>}

/** What a call of row `O` takes: its path parameters, query and body, typed from the row. */
export type CallInput<O extends Operation> = ParamsInput<O> & {query?: QueryOf<O>; body?: BodyOf<O>} & CallOptions

/**
 * Sends one operation of the contract's table: method and path from the row, an idempotency key when the row
 * is keyed. The answer's body is not parsed (see `call`).
 */
export function send<O extends Operation>(
  transport: Transport,
  operation: O,
  input: CallInput<O>,
): Promise<ApiResponse<unknown>> {
  const {params, query, body, idempotencyKey, retryable} = input as CallInput<Operation> & {
    params?: Record<string, string>
  }
  return transport.request({
    method: httpMethodOf(operation),
    path: fillPath(operation.path, params),
    query,
    body,
    idempotencyKey: operation.idempotent ? (idempotencyKey ?? true) : undefined,
    retryable,
  })
}

/** `send`, with the answer parsed by the row's success schema. */
export async function call<O extends Operation>(
  transport: Transport,
  operation: O,
  input: CallInput<O>,
): Promise<ApiResponse<AnswerOf<O>>> {
  const response = await send(transport, operation, input)
  return {...response, body: answerOf(operation, response.body, response.requestId)}
}

/** A body parsed by the row's success schema (a mismatch is a ResponseShapeError naming the operation). */
export const answerOf = <O extends Operation>(operation: O, body: unknown, requestId?: string): AnswerOf<O> =>
  parseResponse(operation.success.schema, body, `${operation.operationId} answer`, requestId) as AnswerOf<O>
