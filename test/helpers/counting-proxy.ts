import {createServer, type Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import {request} from 'undici'

export interface ProxiedRequest {
  method: string
  url: string
  body: string
}

/**
 * A pass-through proxy on 127.0.0.1 that records every request before forwarding it to `target`
 * (an emulator), so a test can see exactly which calls the CLI made.
 */
export async function startCountingProxy(target: string): Promise<{
  origin: string
  requests: ProxiedRequest[]
  calls(method: string, pathPrefix: string): ProxiedRequest[]
  close(): Promise<void>
}> {
  const requests: ProxiedRequest[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', chunk => chunks.push(chunk))
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8')
      requests.push({method: req.method ?? '', url: req.url ?? '', body})
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
        const out: Record<string, string> = {}
        for (const [name, value] of Object.entries(upstream.headers))
          if (typeof value === 'string' && !['connection', 'transfer-encoding', 'keep-alive'].includes(name))
            out[name] = value
        res.writeHead(upstream.statusCode, out)
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
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>(resolve => server.close(() => resolve()))
    },
  }
}
