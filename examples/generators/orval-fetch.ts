// The fetch that orval's client calls (orval.config.mjs, `override.mutator`): the service's origin and the API
// key come from `configure`, and the answer is orval's `{data, status, headers}`.
let origin = ''
let apiKey = ''

export function configure(serviceOrigin: string, key: string): void {
  origin = serviceOrigin
  apiKey = key
}

export async function orvalFetch<T>(url: string, init: RequestInit): Promise<T> {
  const headers = new Headers(init.headers)
  headers.set('authorization', `Bearer ${apiKey}`)
  const res = await fetch(`${origin}${url}`, {...init, headers})
  const text = await res.text()
  return {data: text ? JSON.parse(text) : undefined, status: res.status, headers: res.headers} as T
}
