/**
 * One spelling of a service's origin, for what payctl keeps per service (the kept idempotency keys): scheme, host and
 * port as the URL standard writes them (lower case, default port dropped, an international name in punycode), a
 * trailing dot dropped, and `localhost` and `[::1]` written `127.0.0.1`: the names a person types for the same
 * server on this machine. Two spellings of one service share what is kept; two services merged by it at worst
 * share a key, which a service that never saw it treats as new.
 */
export function canonicalOrigin(origin: string): string {
  const url = new URL(origin)
  const host = url.hostname.endsWith('.') ? url.hostname.slice(0, -1) : url.hostname
  const local = host === 'localhost' || host.endsWith('.localhost') || host === '[::1]'
  return `${url.protocol}//${local ? '127.0.0.1' : host}${url.port ? `:${url.port}` : ''}`
}
