import {request} from 'undici'

/**
 * A call to the emulator's control routes (`/_emulator/...`, no key): answers the parsed body, throws on a
 * status of 300 or more (so a test can await it without checking).
 */
// biome-ignore lint/suspicious/noExplicitAny: control answers are inspected freely in tests
export async function control(url: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<any> {
  const res = await request(new URL(path, url), {
    method,
    headers: body === undefined ? {} : {'content-type': 'application/json'},
    body: body === undefined ? undefined : JSON.stringify(body),
    reset: true,
  })
  const text = await res.body.text()
  if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${text}`)
  return text ? JSON.parse(text) : undefined
}
