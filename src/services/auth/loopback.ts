import {createServer, type Server} from 'node:http'
import {listeningAddress} from '../../shared/listening-address.js'
import {present} from '../../shared/present.js'
import {parseRequestTarget} from '../../shared/request-target.js'
import {LoginRefusedError} from './login-refused.js'

export interface CallbackResult {
  code: string
  state: string
}

const page = (title: string, message: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>` +
  '<style>body{font:16px system-ui,sans-serif;margin:4rem auto;max-width:32rem;color:#222}</style></head>' +
  `<body><h1>${title}</h1><p>${message}</p></body></html>`

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, c => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'})[c] ?? c)

/** What the receiver expects of the authorization response. */
export interface ExpectedResponse {
  state: string
  /** The server's issuer (RFC 8414 `issuer`): a response naming another is refused (RFC 9207, mix-up). */
  issuer?: string
  /** The server advertises `authorization_response_iss_parameter_supported`: a response without `iss` is refused. */
  issuerRequired?: boolean
  /** Told once when a callback of another login (another `state`) was ignored. */
  onIgnored?(message: string): void
}

/**
 * The RFC 8252 loopback redirect: a server on 127.0.0.1 only (any free port unless one is fixed), waiting for
 * the first callback of this login. A callback with another `state` (forged by any local process, or from an
 * older login) is answered with an error page and ignored: the wait goes on until its ceiling, so that no other
 * process can end the login. A callback of this login ends it: with the code, or with the server's `error`, or
 * refused when its issuer is wrong or missing (RFC 9207); nothing is exchanged or stored then.
 */
export class LoopbackReceiver {
  private server?: Server
  private settle?: {resolve(value: CallbackResult): void; reject(error: Error): void}
  private readonly result: Promise<CallbackResult>
  private readonly expectedState: string
  private ignoredOne = false

  constructor(private readonly expected: ExpectedResponse) {
    this.expectedState = expected.state
    this.result = new Promise((resolve, reject) => {
      this.settle = {resolve, reject}
    })
    this.result.catch(() => {})
  }

  async listen(port = 0): Promise<string> {
    this.server = createServer((req, res) => {
      const url = parseRequestTarget(req.url)
      if (url?.pathname !== '/callback') {
        res.writeHead(404, {'content-type': 'text/plain'}).end('not found')
        return
      }
      const state = url.searchParams.get('state')
      const send = (status: number, title: string, message: string) =>
        res
          .writeHead(status, {'content-type': 'text/html; charset=utf-8', connection: 'close'})
          .end(page(title, message))
      if (state !== this.expectedState) {
        send(
          400,
          'Not this login',
          'This response does not belong to the login in progress (state mismatch). It was ignored.',
        )
        this.ignored()
        return
      }
      const issuerProblem = this.issuerProblem(url)
      if (issuerProblem) {
        send(400, 'Login failed', escapeHtml(issuerProblem))
        this.settle?.reject(new LoginRefusedError(issuerProblem))
        return
      }
      const error = url.searchParams.get('error')
      if (error) {
        const description = url.searchParams.get('error_description') ?? ''
        send(400, 'Login failed', escapeHtml(`${error}${description ? `: ${description}` : ''}`))
        this.settle?.reject(
          new LoginRefusedError(`the authorization server answered ${error}${description ? `: ${description}` : ''}`),
        )
        return
      }
      const code = url.searchParams.get('code')
      if (!code) {
        send(400, 'Login failed', 'The response has no authorization code.')
        return
      }
      send(200, 'Logged in', 'payctl is logged in. You can close this window and return to the terminal.')
      this.settle?.resolve({code, state})
    })
    await new Promise<void>((resolve, reject) => {
      present(this.server).once('error', reject)
      present(this.server).listen(port, '127.0.0.1', () => resolve())
    })
    const address = listeningAddress(this.server, 'the login callback server')
    return `http://127.0.0.1:${address.port}/callback`
  }

  /**
   * Resolves with the first valid callback, or a pasted redirect URL (SSH sessions); rejects with the abort
   * reason when `signal` is aborted (Ctrl-C).
   */
  wait(timeoutMs: number, pasted?: Promise<string>, signal?: AbortSignal): Promise<CallbackResult> {
    let timer: NodeJS.Timeout | undefined
    let onAbort: (() => void) | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new LoginRefusedError(`no callback within ${Math.round(timeoutMs / 1000)} s`)),
        timeoutMs,
      )
      onAbort = () => reject(signal?.reason)
      if (signal?.aborted) onAbort()
      else signal?.addEventListener('abort', onAbort, {once: true})
    })
    const fromPaste = pasted?.then(text => this.fromRedirectUrl(text))
    return Promise.race([this.result, timeout, ...(fromPaste ? [fromPaste] : [])]).finally(() => {
      clearTimeout(timer)
      if (onAbort) signal?.removeEventListener('abort', onAbort)
    })
  }

  /** Accepts the address the browser was redirected to, pasted by the user. */
  fromRedirectUrl(text: string): CallbackResult {
    let url: URL
    try {
      url = new URL(text.trim())
    } catch {
      throw new LoginRefusedError('the pasted text is not a URL')
    }
    const state = url.searchParams.get('state')
    if (state !== this.expectedState)
      throw new LoginRefusedError('the pasted URL does not belong to this login (state mismatch)')
    const issuerProblem = this.issuerProblem(url)
    if (issuerProblem) throw new LoginRefusedError(issuerProblem)
    const error = url.searchParams.get('error')
    if (error) throw new LoginRefusedError(`the authorization server answered ${error}`)
    const code = url.searchParams.get('code')
    if (!code) throw new LoginRefusedError('the pasted URL has no authorization code')
    return {code, state}
  }

  private ignored(): void {
    if (this.ignoredOne) return
    this.ignoredOne = true
    this.expected.onIgnored?.(
      'a callback that does not belong to this login (state mismatch: forged or stale) was ignored; still waiting',
    )
  }

  private issuerProblem(url: URL): string | undefined {
    const iss = url.searchParams.get('iss')
    const {issuer, issuerRequired} = this.expected
    if (iss === null && issuer && issuerRequired)
      return `the response has no iss although the authorization server ${issuer} sends one (RFC 9207: a response from another server, or altered)`
    if (!issuer || iss === null || iss === issuer) return undefined
    return `the response was answered by another authorization server (issuer mismatch: ${iss}, expected ${issuer})`
  }

  async close(): Promise<void> {
    if (!this.server) return
    this.server.closeAllConnections()
    await new Promise<void>(resolve => present(this.server).close(() => resolve()))
  }
}
