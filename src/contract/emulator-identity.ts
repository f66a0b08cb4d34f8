import {createHmac} from 'node:crypto'

/**
 * How a payctl emulator proves who it is before the built-in `local` profile sends it a key: `emulator start` keeps
 * a random token in the user's data folder (mode 0600) and serves `GET EMULATOR_IDENTITY_PATH?nonce=N`, answering
 * the HMAC of the caller's fresh nonce under that token. Only a process that read the token can answer; the token
 * itself never travels.
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

export const identityProof = (token: string, nonce: string): string =>
  createHmac('sha256', token).update(`payctl-emulator-identity.${nonce}`).digest('hex')

/** The answer, if it is one of a payctl emulator. */
export function parseIdentityAnswer(value: unknown): EmulatorIdentityAnswer | undefined {
  const answer = value as Partial<EmulatorIdentityAnswer> | undefined
  if (answer?.product !== 'payctl-emulator' || typeof answer.pid !== 'number') return undefined
  return {product: answer.product, pid: answer.pid, proof: typeof answer.proof === 'string' ? answer.proof : null}
}
