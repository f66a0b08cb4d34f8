import {createHmac, timingSafeEqual} from 'node:crypto'

/**
 * HMAC-signed, base64url blobs: `<payload>.<signature>`. Session tokens and the sign-in cookie use them, so that
 * clients cannot build or alter them.
 */

const sign = (payload: string, secret: string, purpose: string) =>
  createHmac('sha256', secret).update(`${purpose}.${payload}`).digest('base64url')

export function encodeSigned(value: unknown, secret: string, purpose: string): string {
  const payload = Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${payload}.${sign(payload, secret, purpose)}`
}

/** The decoded value, or undefined when the blob is malformed or its signature does not match. */
export function decodeSigned(blob: string, secret: string, purpose: string): unknown {
  const [payload, signature, extra] = blob.split('.')
  if (!payload || !signature || extra !== undefined) return undefined
  const expected = Buffer.from(sign(payload, secret, purpose))
  const actual = Buffer.from(signature)
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return undefined
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
  } catch {
    return undefined
  }
}
