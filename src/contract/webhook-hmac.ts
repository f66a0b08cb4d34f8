import {createHmac, timingSafeEqual} from 'node:crypto'

/**
 * The webhook signature (spec 6.4–6.5), for the emulator that signs deliveries and the CLI that checks them:
 * the hex HMAC-SHA256 of `${timestamp}.${rawBody}` keyed with the subscription's signing secret.
 */

type Bytes = string | Buffer

/** The headers of a delivery (spec 6.4); in the live service the middle word is the operator's name. */
export const SIGNATURE_HEADER = 'X-Service-Signature'
export const TIMESTAMP_HEADER = 'X-Service-Timestamp'

/** The hex HMAC-SHA256 of the parts, in order (strings as UTF-8). */
export function hmacSha256Hex(key: Bytes, ...parts: Bytes[]): string {
  const hmac = createHmac('sha256', key)
  for (const part of parts) hmac.update(part)
  return hmac.digest('hex')
}

/** The signature of one delivery; the body is signed as the exact bytes given. */
export const signWebhook = (secret: string, timestamp: number | string, body: Bytes): string =>
  hmacSha256Hex(secret, `${timestamp}.`, body)

/** Compares two hex signatures in constant time (case-insensitive); a malformed one never matches. */
export function sameSignature(expectedHex: string, givenHex: string): boolean {
  const expected = Buffer.from(expectedHex.toLowerCase(), 'hex')
  const given = Buffer.from(givenHex.toLowerCase(), 'hex')
  return expected.length > 0 && expected.length === given.length && timingSafeEqual(expected, given)
}

/** Whether `signature` is the one `secret` gives for this timestamp and body. */
export const webhookSignatureMatches = (secret: string, timestamp: number | string, body: Bytes, signature: string) =>
  sameSignature(signWebhook(secret, timestamp, body), signature)
