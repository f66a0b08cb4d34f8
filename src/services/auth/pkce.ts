import {createHash, randomBytes} from 'node:crypto'

/** RFC 7636 with S256 only: a 43-character verifier from 32 random bytes and its SHA-256 challenge. */
export function createPkce(): {verifier: string; challenge: string; method: 'S256'} {
  const verifier = randomBytes(32).toString('base64url')
  return {verifier, challenge: challengeFor(verifier), method: 'S256'}
}

export const challengeFor = (verifier: string) => createHash('sha256').update(verifier).digest('base64url')

/** A fresh, unguessable `state` for one authorization request. */
export const createState = () => randomBytes(24).toString('base64url')
