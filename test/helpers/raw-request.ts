import {request} from 'node:http'

export interface RawRequest {
  method?: string
  /** Sent byte for byte ("//x", "/%5Fx", "*"), unlike fetch's normalised URLs. */
  target: string
  headers?: Record<string, string>
  body?: string
  /** The source address (127.0.0.2 plays another host: see docs/emulator.md). */
  localAddress?: string
}

/** Sends one request as written, to the host and port of `origin`. */
export function rawRequest(
  origin: string,
  {method = 'GET', target, headers, body, localAddress}: RawRequest,
): Promise<{status: number; text: string; headers: Record<string, unknown>}> {
  const {hostname, port} = new URL(origin)
  return new Promise((resolve, reject) => {
    const req = request({host: hostname, port, path: target, method, headers, localAddress, agent: false}, res => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', chunk => {
        text += chunk
      })
      res.on('end', () => resolve({status: res.statusCode ?? 0, text, headers: res.headers}))
    })
    req.on('error', reject)
    req.end(body)
  })
}

/** Sends a GET whose request-target goes out byte for byte ("//x", "*", "http://a/b"), unlike fetch's normalised URLs. */
export const rawGet = (origin: string, target: string) => rawRequest(origin, {target})
