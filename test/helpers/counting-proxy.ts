import {createServer, type Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import {request} from 'undici'

export interface ProxiedRequest {
  method: string
  url: string
  body: string
}

/** An upstream answer's headers as the proxy passes them on (without those of its own connection). */
function forwardedHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers))
    if (typeof value === 'string' && !['connection', 'transfer-encoding', 'keep-alive'].includes(name))
      out[name] = value
  return out
}

/**
 * A pass-through proxy on 127.0.0.1 that records every request before forwarding it to `target`
 * (an emulator), so a test can see exactly which calls the CLI made. Requests for which `hold` returns true
 * wait (in flight) until `release()`; `held` resolves when the first one arrives. Requests for which
 * `holdAnswer` returns true are forwarded (the emulator applies them) and their answers wait until `release()`, as
 * a service whose answer hangs after it committed; `answerHeld` resolves when the first such answer is in.
 */
export async function startCountingProxy(
  target: string,
  options: {hold?: (request: ProxiedRequest) => boolean; holdAnswer?: (request: ProxiedRequest) => boolean} = {},
): Promise<{
  origin: string
  requests: ProxiedRequest[]
  calls(method: string, pathPrefix: string): ProxiedRequest[]
  held: Promise<void>
  answerHeld: Promise<void>
  release(): void
  close(): Promise<void>
}> {
  const requests: ProxiedRequest[] = []
  let released = false
  let releaseAll!: () => void
  const gate = new Promise<void>(resolve => {
    releaseAll = resolve
  })
  let onHeld!: () => void
  const held = new Promise<void>(resolve => {
    onHeld = resolve
  })
  let onAnswerHeld!: () => void
  const answerHeld = new Promise<void>(resolve => {
    onAnswerHeld = resolve
  })
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', chunk => chunks.push(chunk))
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const recorded = {method: req.method ?? '', url: req.url ?? '', body}
      requests.push(recorded)
      if (!released && options.hold?.(recorded)) {
        onHeld()
        await gate
      }
      const headers = {...req.headers}
      delete headers.host
      delete headers.connection
      try {
        const upstream = await request(new URL(req.url ?? '/', target), {
          method: req.method as 'GET',
          headers,
          body: body || undefined,
        })
        const text = await upstream.body.text()
        if (!released && options.holdAnswer?.(recorded)) {
          onAnswerHeld()
          await gate
        }
        res.writeHead(upstream.statusCode, forwardedHeaders(upstream.headers))
        res.end(text)
      } catch {
        res.socket?.destroy()
      }
    })
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    requests,
    calls: (method, pathPrefix) => requests.filter(r => r.method === method && r.url.startsWith(pathPrefix)),
    held,
    answerHeld,
    release: () => {
      released = true
      releaseAll()
    },
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>(resolve => server.close(() => resolve()))
    },
  }
}
