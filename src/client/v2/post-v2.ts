import type {Transport} from '../transport.js'

/** Options of every v2 POST: one idempotency key per logical call, reused across the client's retries. */
export interface PostOptions {
  idempotencyKey?: string
}

export const V2 = '/api/v2'

/** Every v2 POST carries an idempotency key (the caller's, or one generated for this logical call). */
export function postV2(transport: Transport, route: string, body: unknown, options: PostOptions = {}) {
  return transport.request({
    method: 'POST',
    path: `${V2}${route}`,
    body,
    idempotencyKey: options.idempotencyKey ?? true,
  })
}
