/**
 * The requests the emulator answered, its control routes aside: time, method, path with its query, status,
 * milliseconds and request id, newest last, the last 1,000 kept in memory for the control table's `listRequests`
 * and passed to a listener as they end (`emulator start` prints them). Secrets are scrubbed first: a hosted session's token
 * in the path, and the value of every query parameter whose name carries one (OAuth's `code`, `state` and
 * `code_challenge` among them). A reset empties the log; the numbers go on, so that a reader following it never
 * sees an entry twice.
 */

/** One entry (the body of the control table's `listRequests`, contract/control-bodies.ts). */
export interface LoggedRequest {
  seq: number
  at: string
  method: string
  path: string
  status: number | null
  ms: number
  requestId: string
}

const KEPT = 1000
const SECRET_QUERY = /token|secret|password|code|key|state|signature|assertion|verifier|challenge|session/i
const HOSTED_TOKEN = /^(\/hosted\/[^/]+\/)[^/]+/

/** The request's path and query as the log shows them, secrets replaced by `…`. */
export function scrubbedTarget(url: URL): string {
  const path = url.pathname.replace(HOSTED_TOKEN, '$1…')
  const query = [...url.searchParams].map(
    ([name, value]) => `${encodeURIComponent(name)}=${SECRET_QUERY.test(name) ? '…' : encodeURIComponent(value)}`,
  )
  return query.length ? `${path}?${query.join('&')}` : path
}

export class RequestLog {
  private entries: LoggedRequest[] = []
  private seq = 0
  private readonly listeners = new Set<(entry: LoggedRequest) => void>()

  record(entry: Omit<LoggedRequest, 'seq'>): void {
    const numbered = {seq: ++this.seq, ...entry}
    this.entries.push(numbered)
    if (this.entries.length > KEPT) this.entries = this.entries.slice(-KEPT)
    for (const listener of this.listeners) listener({...numbered})
  }

  /** The entries kept, oldest first; with `after`, only those numbered after it. */
  list(after = 0): LoggedRequest[] {
    return this.entries.filter(entry => entry.seq > after).map(entry => ({...entry}))
  }

  onRequest(listener: (entry: LoggedRequest) => void): void {
    this.listeners.add(listener)
  }

  clear(): void {
    this.entries = []
  }
}
