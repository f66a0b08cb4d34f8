import {createServer, request as httpRequest, type Server} from 'node:http'
import type {AddressInfo} from 'node:net'

/**
 * A forwarding proxy that records every request (method and path) between the CLI and the emulator, so
 * that tests can count batch calls. A connection the emulator drops is dropped towards the client too.
 */
export class RecordingProxy {
  readonly requests: string[] = []
  private server?: Server

  constructor(private readonly target: string) {}

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`
  }

  count(method: string, path: string): number {
    return this.requests.filter(r => r === `${method} ${path}`).length
  }

  async start(): Promise<this> {
    const target = new URL(this.target)
    this.server = createServer((req, res) => {
      this.requests.push(`${req.method} ${req.url}`)
      const upstream = httpRequest(
        {host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers},
        answer => {
          res.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(res)
          answer.on('error', () => res.socket?.destroy())
        },
      )
      upstream.on('error', () => res.socket?.destroy())
      req.pipe(upstream)
    })
    await new Promise<void>(resolve => this.server!.listen(0, '127.0.0.1', resolve))
    return this
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections()
    await new Promise<void>(resolve => this.server?.close(() => resolve()) ?? resolve())
  }
}
