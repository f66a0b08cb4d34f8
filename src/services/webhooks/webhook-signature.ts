import {SIGNATURE_HEADER, sameSignature, signWebhook, TIMESTAMP_HEADER} from '../../contract/webhook-hmac.js'

/**
 * Webhook signatures (spec section 6): the signed string is the Unix timestamp in seconds, a dot, and the raw
 * request body; the signature is the hex HMAC-SHA256 of it keyed with the subscription's signing secret.
 */

export const DEFAULT_TOLERANCE_SECONDS = 300

/** Why a delivery was not accepted. Stable names: `webhooks listen --json` prints them as `reason`. */
export type VerifyReason =
  | 'missing_signature'
  | 'missing_timestamp'
  | 'malformed_signature'
  | 'malformed_timestamp'
  | 'signature_mismatch'
  | 'stale_timestamp'
  | 'future_timestamp'

export type VerifyResult =
  | {ok: true; secretIndex: number; ageSeconds: number}
  | {ok: false; reason: VerifyReason; message: string}

export interface SignatureHeaders {
  signature?: string
  timestamp?: string
  /** The header names found (lower case), for messages: `x-service-signature`. */
  signatureHeader?: string
  timestampHeader?: string
}

type HeaderBag = Record<string, string | string[] | undefined>

const HEX_SIGNATURE = /^[0-9a-f]{64}$/i
const UNIX_SECONDS = /^\d{1,11}$/

const toBuffer = (body: Buffer | string) => (typeof body === 'string' ? Buffer.from(body, 'utf8') : body)

/** The hex HMAC-SHA256 of `${timestamp}.${body}` (the contract's definition). */
export const sign = signWebhook

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : value)

/**
 * Finds the signature and timestamp headers: the spec's `X-Service-Signature`/`X-Service-Timestamp` first, then
 * any `X-<Name>-Signature`/`X-<Name>-Timestamp` pair (the live names carry the operator's name).
 */
export function findSignatureHeaders(headers: HeaderBag): SignatureHeaders {
  const lower: HeaderBag = {}
  for (const [name, value] of Object.entries(headers)) lower[name.toLowerCase()] = value
  const prefixes = ['service']
  for (const name of Object.keys(lower)) {
    const match = /^x-(.+)-(signature|timestamp)$/.exec(name)
    if (match && !prefixes.includes(match[1])) prefixes.push(match[1])
  }
  const pairs = prefixes.map(prefix => ({
    signatureHeader: `x-${prefix}-signature`,
    timestampHeader: `x-${prefix}-timestamp`,
    signature: single(lower[`x-${prefix}-signature`]),
    timestamp: single(lower[`x-${prefix}-timestamp`]),
  }))
  const best =
    pairs.find(p => p.signature !== undefined && p.timestamp !== undefined) ??
    pairs.find(p => p.signature !== undefined || p.timestamp !== undefined)
  if (!best) return {}
  const found: SignatureHeaders = {}
  if (best.signature !== undefined) {
    found.signature = best.signature
    found.signatureHeader = best.signatureHeader
  }
  if (best.timestamp !== undefined) {
    found.timestamp = best.timestamp
    found.timestampHeader = best.timestampHeader
  }
  return found
}

/** Why a signature header value is not a hex digest, or undefined when it is one. */
export function signatureFormatProblem(signature: string): string | undefined {
  const value = signature.trim()
  if (HEX_SIGNATURE.test(value)) return undefined
  if (value === '') return 'the signature is empty'
  if (/^[0-9a-f]+$/i.test(value)) return `the signature has ${value.length} hex digits; a SHA-256 hex digest has 64`
  if (looksLikeBase64Digest(value)) return 'the signature is base64; the spec sends a hex digest (64 hex digits)'
  if (/^(sha256|v1)=/i.test(value))
    return 'the signature has a prefix (like "sha256="); the spec sends the bare hex digest'
  return 'the signature is not a hex digest (64 hex digits)'
}

/** True when `value` decodes from base64 or base64url to exactly 32 bytes (an HMAC-SHA256 digest). */
export function looksLikeBase64Digest(value: string): boolean {
  if (!/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(value)) return false
  return Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64').length === 32
}

/** Why a timestamp header value is not Unix seconds, or undefined when it is. */
export function timestampFormatProblem(timestamp: string): string | undefined {
  const value = timestamp.trim()
  if (UNIX_SECONDS.test(value)) return undefined
  if (value === '') return 'the timestamp is empty'
  if (/^\d{12,14}$/.test(value)) return 'the timestamp looks like milliseconds; the spec sends Unix seconds'
  if (!Number.isNaN(Date.parse(value)) && /\d{4}-\d{2}-\d{2}/.test(value))
    return 'the timestamp is a date; the spec sends Unix seconds'
  return 'the timestamp is not Unix seconds'
}

/** "412 s", "2.5 h", "5 days": how far a timestamp is from now. */
export function describeSeconds(seconds: number): string {
  const s = Math.abs(Math.round(seconds))
  if (s < 3600) return `${s} s`
  if (s < 172_800) return `${(s / 3600).toFixed(1)} h`
  return `${Math.round(s / 86_400)} days`
}

export interface VerifyInput {
  /** The candidate signing secrets; the delivery is verified when one of them matches. */
  secrets: string[]
  signature: string | undefined
  timestamp: string | undefined
  body: Buffer | string
  /** Largest accepted distance between the timestamp and now, in either direction; 0 disables the check. */
  toleranceSeconds?: number
  /** Milliseconds since the epoch (for tests). */
  now?: number
  signatureHeader?: string
  timestampHeader?: string
}

/**
 * Verifies a delivery: both headers present and well formed, the HMAC matches one of the secrets (compared in
 * constant time), and the timestamp is within the tolerance.
 */
export function verify(input: VerifyInput): VerifyResult {
  const signatureName = input.signatureHeader ?? SIGNATURE_HEADER
  const timestampName = input.timestampHeader ?? TIMESTAMP_HEADER
  if (input.signature === undefined)
    return {ok: false, reason: 'missing_signature', message: `no ${signatureName} header`}
  if (input.timestamp === undefined)
    return {ok: false, reason: 'missing_timestamp', message: `no ${timestampName} header`}
  const signatureProblem = signatureFormatProblem(input.signature)
  if (signatureProblem) return {ok: false, reason: 'malformed_signature', message: signatureProblem}
  const timestampProblem = timestampFormatProblem(input.timestamp)
  if (timestampProblem) return {ok: false, reason: 'malformed_timestamp', message: timestampProblem}
  const timestamp = input.timestamp.trim()
  const signature = input.signature.trim()
  const body = toBuffer(input.body)
  let secretIndex = -1
  input.secrets.forEach((secret, index) => {
    if (secretIndex < 0 && sameSignature(sign(secret, timestamp, body), signature)) secretIndex = index
  })
  if (secretIndex < 0) {
    const which = input.secrets.length === 1 ? 'the secret' : `any of the ${input.secrets.length} secrets`
    return {ok: false, reason: 'signature_mismatch', message: `the signature does not match ${which}`}
  }
  const ageSeconds = Math.floor((input.now ?? Date.now()) / 1000) - Number(timestamp)
  const tolerance = input.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS
  if (tolerance > 0 && ageSeconds > tolerance)
    return {
      ok: false,
      reason: 'stale_timestamp',
      message: `the timestamp is ${describeSeconds(ageSeconds)} old (tolerance ${tolerance} s)`,
    }
  if (tolerance > 0 && -ageSeconds > tolerance)
    return {
      ok: false,
      reason: 'future_timestamp',
      message: `the timestamp is ${describeSeconds(ageSeconds)} in the future (tolerance ${tolerance} s)`,
    }
  return {ok: true, secretIndex, ageSeconds}
}
