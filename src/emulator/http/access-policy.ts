import {timingSafeEqual} from 'node:crypto'
import type {IncomingMessage} from 'node:http'
import {isIP} from 'node:net'
import {isLoopbackHost} from '../../shared/local-emulator.js'
import {ApiFailure, notFound} from './api-failure.js'
import {header} from './request-context.js'
import type {Access} from './router.js'

/**
 * Who may call what (docs/emulator.md, "Running the emulator for others"). Decided once per request, on the
 * route the router matched (so on the normalised path, whatever `//`, `%5F` or `/./` the request wrote):
 * - control routes (the control table's, under `/_emulator`): a local peer, or a remote one that shows the control token; none at all
 *   when they are switched off;
 * - the API: anyone with credentials;
 * - hosted pages and OAuth endpoints: anyone (they guard their own forms).
 * Control routes and the API also refuse a `Host` that is not the emulator's (DNS rebinding) and a cross-site
 * request (a browser's `Origin` or `Sec-Fetch-Site` that is not the emulator's own).
 */

export type ControlAccess =
  /** Control routes for local peers only (the default, on a loopback interface). */
  | {mode: 'local'}
  /** No control routes at all: they answer 404 to everyone. */
  | {mode: 'off'}
  /** Local peers, and remote peers that send the token in `x-emulator-control-token`. */
  | {mode: 'token'; token: string}

export interface AccessPolicy {
  control: ControlAccess
  /** The interface the server listens on; its name is an accepted `Host`. */
  boundHost: string
  /** Further `Host` names to accept (a tunnel's or the machine's name). */
  allowedHosts?: readonly string[]
}

export const CONTROL_TOKEN_HEADER = 'x-emulator-control-token'

/** The error code of a start on a non-loopback interface with control routes neither off nor behind a token. */
export const EXPOSED_CONTROL = 'EXPOSED_CONTROL'

const LOOPBACK_PEERS = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]'])

/** Whether `host` (an address or a name given to `--host`) is a loopback interface. */
export const isLoopbackInterface = isLoopbackHost

/**
 * A peer on this machine: the loopback address itself, or a connection whose source is the address it reached
 * (only this machine can send from its own address). Another 127.x source counts as remote, which is how the
 * tests play "another host" without leaving 127.0.0.0/8.
 */
export function isLocalPeer(req: IncomingMessage): boolean {
  const {remoteAddress, localAddress} = req.socket
  if (!remoteAddress) return false
  return LOOPBACK_PEERS.has(remoteAddress) || remoteAddress === localAddress
}

/** The host name of a `Host` header, without port or brackets, lower case. */
function hostName(value: string): string {
  const trimmed = value.trim().toLowerCase()
  if (trimmed.startsWith('[')) return trimmed.slice(1, trimmed.indexOf(']'))
  return trimmed.replace(/:\d*$/, '')
}

/** An IP literal cannot be re-pointed by DNS; names are accepted only when they are this emulator's. */
function acceptedHost(value: string | undefined, policy: AccessPolicy): boolean {
  if (!value) return false
  const name = hostName(value)
  if (isIP(name)) return true
  if (name === 'localhost' || name.endsWith('.localhost')) return true
  const bound = policy.boundHost.toLowerCase()
  if (!WILDCARD_HOSTS.has(bound) && name === bound) return true
  return (policy.allowedHosts ?? []).some(allowed => allowed.toLowerCase() === name)
}

/** A browser says where a request comes from; anything but the emulator's own pages is cross-site. */
function crossSite(req: IncomingMessage): boolean {
  const fetchSite = header(req.headers, 'sec-fetch-site')
  if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') return true
  const origin = header(req.headers, 'origin')
  if (origin === undefined) return false
  return origin.toLowerCase() !== `http://${header(req.headers, 'host')?.trim().toLowerCase()}`
}

function tokenMatches(sent: string | undefined, token: string): boolean {
  if (sent === undefined) return false
  const a = Buffer.from(sent)
  const b = Buffer.from(token)
  return a.length === b.length && timingSafeEqual(a, b)
}

function checkControl(req: IncomingMessage, control: ControlAccess): ApiFailure | undefined {
  if (control.mode === 'off') return notFound('the /_emulator control routes are switched off (--no-control)')
  if (isLocalPeer(req)) return undefined
  if (control.mode === 'token' && tokenMatches(header(req.headers, CONTROL_TOKEN_HEADER), control.token))
    return undefined
  return new ApiFailure(
    403,
    'FORBIDDEN',
    control.mode === 'token'
      ? `the /_emulator control routes need the control token in ${CONTROL_TOKEN_HEADER} from another host`
      : 'the /_emulator control routes answer only to this machine',
  )
}

/**
 * The refusal for a request to a route with `access` (undefined: no route matched, judged as the API), or
 * undefined when it may go on.
 */
export function refusal(
  access: Access | undefined,
  req: IncomingMessage,
  policy: AccessPolicy,
): ApiFailure | undefined {
  const kind = access?.kind ?? 'credentials'
  if (kind === 'public') return undefined
  if (kind === 'loopback') {
    const control = checkControl(req, policy.control)
    if (control) return control
  }
  if (!acceptedHost(header(req.headers, 'host'), policy))
    return new ApiFailure(403, 'FORBIDDEN', 'the Host header does not name this emulator (pass --allow-host NAME)')
  if (crossSite(req)) return new ApiFailure(403, 'FORBIDDEN', 'cross-site requests are refused')
  return undefined
}
