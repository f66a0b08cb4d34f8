import type {Dispatcher, Agent as UndiciAgent} from 'undici'
import apiRequestModule from 'undici/lib/api/api-request.js'
import agentModule from 'undici/lib/dispatcher/agent.js'

/**
 * undici's Agent and request() without loading the rest of undici (fetch, WebSocket, caches, mocks): about
 * half of its import time, which every API command pays at start-up. `request` does what `undici.request`
 * does with an explicit dispatcher. The package version is pinned by the lockfile; the client tests run
 * every request through this module.
 */
export const Agent = agentModule as typeof UndiciAgent

const apiRequest = apiRequestModule as (
  this: Dispatcher,
  options: Dispatcher.RequestOptions,
) => Promise<Dispatcher.ResponseData>

export function request(
  dispatcher: Dispatcher,
  url: string,
  options: {method: Dispatcher.HttpMethod; headers: Record<string, string>; body?: string; signal?: AbortSignal},
): Promise<Dispatcher.ResponseData> {
  const target = new URL(url)
  return apiRequest.call(dispatcher, {
    origin: target.origin,
    path: `${target.pathname}${target.search}`,
    method: options.method,
    headers: options.headers,
    body: options.body,
    signal: options.signal,
  })
}
