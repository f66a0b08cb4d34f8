import {createHmac} from 'node:crypto'

/**
 * How a payctl emulator proves who it is before the built-in `local` profile sends it a key: `emulator start` keeps
 * a random token in the user's data folder (mode 0600) and serves `GET EMULATOR_IDENTITY_PATH?nonce=N`, answering
 * the HMAC under that token of the caller's fresh nonce and of the address and port the connection reached (the
 * emulator's end of the socket; the caller's peer). Only a process that read the token can answer; the token
 * itself never travels; and a proof relayed from an emulator on another address or port does not fit the caller's
 * connection.
 */
export const EMULATOR_IDENTITY_PATH = '/.well-known/payctl-emulator'

/** A nonce as the caller sends it: 32 to 128 hex digits. */
export const IDENTITY_NONCE = /^[0-9a-f]{32,128}$/

export interface EmulatorIdentityAnswer {
  product: 'payctl-emulator'
  /** The emulator's process id, as it says. */
  pid: number
  /** The proof for the nonce; null when the emulator was started without a token (an embedded one). */
  proof: string | null
}

/**
 * One end of a TCP connection as both sides name it: `127.0.0.1:4010`, `[::1]:4010`; an IPv4 address that a
 * dual-stack socket reports mapped into IPv6 (`::ffff:127.0.0.1`) as the IPv4 one.
 */
export function identityEndpoint(address: string, port: number): string {
  const bare = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '').toLowerCase()
  return bare.includes(':') ? `[${bare}]:${port}` : `${bare}:${port}`
}

/** The proof of `token` for `nonce` on the connection that reached `endpoint` (`identityEndpoint`). */
export const identityProof = (token: string, endpoint: string, nonce: string): string =>
  createHmac('sha256', token).update(`payctl-emulator-identity.${endpoint}.${nonce}`).digest('hex')

/** The answer, if it is one of a payctl emulator. */
export function parseIdentityAnswer(value: unknown): EmulatorIdentityAnswer | undefined {
  const answer = value as Partial<EmulatorIdentityAnswer> | undefined
  if (answer?.product !== 'payctl-emulator' || typeof answer.pid !== 'number') return undefined
  return {product: answer.product, pid: answer.pid, proof: typeof answer.proof === 'string' ? answer.proof : null}
}
