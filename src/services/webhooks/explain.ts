import {hmacSha256Hex as hmacHex} from '../../contract/webhook-hmac.js'
import {describeSeconds, looksLikeBase64Digest, sign, type VerifyReason, verify} from './webhook-signature.js'

/** The verdict of `webhooks verify`: whether the delivery verifies and, if not, what most likely went wrong. */
export type Explanation = {
  verified: boolean
  reason?: VerifyReason
  /** One line: what the check found. */
  message: string
  /** What most likely happened and what to do, one sentence per entry. */
  hints: string[]
}

export interface ExplainInput {
  secret: string
  timestamp: string
  signature: string
  body: Buffer
  toleranceSeconds: number
  now?: number
}

interface Candidate {
  hint: string
  /** Another HMAC key than the secret as given. */
  key?: string | Buffer
  /** Another body than the one given. */
  body?: Buffer
  /** Signs these bytes instead of `${timestamp}.${body}`. */
  signed?: Buffer
}

function bodyVariants(body: Buffer): Candidate[] {
  const text = body.toString('utf8')
  const out: Candidate[] = []
  const add = (variant: string, hint: string) => {
    if (variant !== text) out.push({body: Buffer.from(variant, 'utf8'), hint})
  }
  add(
    text.replace(/(\r?\n)+$/, ''),
    'the body changed: the file ends with a newline that was not in the delivery (editors, echo and heredocs add one); save the raw bytes, e.g. with "webhooks listen --save DIR"',
  )
  add(`${text}\n`, 'the body changed: the delivery ended with a newline that the file lacks')
  add(text.replace(/\r\n/g, '\n'), 'the body changed: its line endings were converted from LF to CRLF')
  add(text.replace(/\r?\n/g, '\r\n'), 'the body changed: its line endings were converted from CRLF to LF')
  add(text.replace(/^\uFEFF/, ''), 'the body changed: a byte-order mark (BOM) was added in front of it')
  add(text.trim(), 'the body changed: whitespace was added around it')
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return out
  }
  const reserialized =
    'the body changed: it was re-serialized (parsed and written again as JSON, which changes spacing or escaping); verify the raw bytes exactly as received, before any JSON parsing'
  add(JSON.stringify(parsed), reserialized)
  add(JSON.stringify(parsed, null, 2), reserialized)
  add(JSON.stringify(parsed, null, 4), reserialized)
  add(JSON.stringify(parsed, null, '\t'), reserialized)
  add(`${JSON.stringify(parsed, null, 2)}\n`, reserialized)
  return out
}

function secretVariants(secret: string): Candidate[] {
  const out: Candidate[] = []
  if (secret.trim() !== secret)
    out.push({
      key: secret.trim(),
      hint: 'the secret you passed has surrounding whitespace or a newline (read from a file?); strip it',
    })
  const bare = secret.trim().replace(/^whsec_/, '')
  if (bare !== secret.trim()) {
    out.push({key: bare, hint: 'the signer used the secret without its "whsec_" prefix; the key is the whole secret'})
    const decoded = Buffer.from(bare.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
    if (decoded.length >= 16)
      out.push({
        key: decoded,
        hint: 'the signer used the base64-decoded secret as the key; the key is the secret string exactly as shown',
      })
  }
  return out
}

function matches(candidate: Candidate, input: ExplainInput, timestamp: string, signatureHex: string): boolean {
  const key = candidate.key ?? input.secret
  if (candidate.signed) return hmacHex(key, candidate.signed) === signatureHex
  return hmacHex(key, `${timestamp}.`, candidate.body ?? input.body) === signatureHex
}

/** Looks for the one change that makes the signature match, and says what it was. */
function diagnoseMismatch(input: ExplainInput, signatureHex: string): string[] {
  const timestamp = input.timestamp.trim()
  const candidates: Candidate[] = [
    ...bodyVariants(input.body),
    ...secretVariants(input.secret),
    {
      signed: input.body,
      hint: `the signer signed the body alone; the signed string is the timestamp, a dot and the body ("${timestamp}.{body}")`,
    },
    {
      signed: Buffer.concat([Buffer.from(timestamp), input.body]),
      hint: 'the signer left out the dot between the timestamp and the body',
    },
  ]
  for (const candidate of candidates) if (matches(candidate, input, timestamp, signatureHex)) return [candidate.hint]
  // Timestamps within ±10 minutes; skipped for large bodies, where 1,200 HMACs would take seconds.
  const window = input.body.length <= 65_536 ? 600 : 0
  const base = Number(timestamp)
  for (let offset = 1; offset <= window; offset++) {
    for (const other of [base - offset, base + offset]) {
      if (sign(input.secret, other, input.body) === signatureHex)
        return [
          `the signature is valid for timestamp ${other} (${offset} s ${other < base ? 'earlier' : 'later'}), not ${timestamp}: the timestamp header was changed or taken from another delivery`,
        ]
    }
  }
  return [
    'either the secret is not this subscription\'s (every subscription has its own, shown once by "webhooks create" or "webhooks listen"; "webhooks list" says which ones this profile stored), or the body is not the exact bytes that were signed',
    'check that your code reads the raw request body before any JSON parsing, and that the secret is the one printed by "webhooks create" or "webhooks listen"',
  ]
}

/** Verifies a saved delivery and, when it fails, explains the most likely cause. */
export function explain(input: ExplainInput): Explanation {
  const signature = input.signature.trim()
  const result = verify({
    secrets: [input.secret],
    signature: input.signature,
    timestamp: input.timestamp,
    body: input.body,
    toleranceSeconds: input.toleranceSeconds,
    now: input.now,
  })
  if (result.ok) {
    const age = result.ageSeconds
    const when = age >= 0 ? `${describeSeconds(age)} old` : `${describeSeconds(age)} in the future`
    return {verified: true, message: `signature valid; timestamp ${when}`, hints: []}
  }
  const failure = {verified: false as const, reason: result.reason, message: result.message}
  switch (result.reason) {
    case 'malformed_signature': {
      const hints: string[] = []
      const expected = sign(input.secret, input.timestamp.trim(), input.body)
      if (looksLikeBase64Digest(signature)) {
        const bytes = Buffer.from(signature.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('hex')
        hints.push(
          bytes === expected
            ? 'wrong encoding: this is the right HMAC, but base64-encoded; the header carries the hex digest'
            : 'wrong encoding: the signature is base64, the header carries a hex digest (and this one does not match either)',
        )
      }
      const prefixed = /^(?:sha256|v1)=([0-9a-f]{64})$/i.exec(signature)
      if (prefixed)
        hints.push(
          prefixed[1].toLowerCase() === expected
            ? 'the digest is right, but the header value must be the bare hex digest without a prefix'
            : 'the header value must be the bare hex digest without a prefix (and this digest does not match either)',
        )
      return {...failure, hints}
    }
    case 'malformed_timestamp': {
      const hints = ['the timestamp header is the Unix time in seconds when the delivery was sent, e.g. 1767225600']
      if (
        /^\d{12,14}$/.test(input.timestamp.trim()) &&
        sign(input.secret, input.timestamp.trim(), input.body) === signature.toLowerCase()
      )
        hints.unshift('the signature matches this value, so the signer used milliseconds where seconds are required')
      return {...failure, hints}
    }
    case 'signature_mismatch':
      return {...failure, hints: diagnoseMismatch(input, signature.toLowerCase())}
    case 'stale_timestamp':
      return {
        ...failure,
        message: `signature valid, but ${result.message}`,
        hints: [
          'a receiver rejects old timestamps so that a captured delivery cannot be replayed',
          'to check only the signature of a saved delivery, pass --tolerance 0',
        ],
      }
    case 'future_timestamp':
      return {
        ...failure,
        message: `signature valid, but ${result.message}`,
        hints: ["the sender's clock or this machine's clock is wrong; to check only the signature, pass --tolerance 0"],
      }
    default:
      return {...failure, hints: []}
  }
}

/** A secret to try, and how to name it when it is the one that verifies ("the stored secret of subscription …"). */
export interface SecretCandidate {
  secret: string
  label?: string
}

/**
 * `explain` with several candidate secrets (the ones a profile stored): the first that verifies wins and is
 * named; otherwise the most specific explanation (one whose signature matched, or with a precise hint).
 */
export function explainWithAny(candidates: SecretCandidate[], input: Omit<ExplainInput, 'secret'>): Explanation {
  const results = candidates.map(candidate => ({candidate, result: explain({...input, secret: candidate.secret})}))
  const verified = results.find(({result}) => result.verified)
  if (verified) {
    const {label} = verified.candidate
    return label ? {...verified.result, message: `${verified.result.message} (${label})`} : verified.result
  }
  if (results.length === 1) return results[0].result
  const specific = results.find(({result}) => result.reason !== 'signature_mismatch' || result.hints.length === 1)
  const chosen = (specific ?? results[0]).result
  if (specific) return chosen
  return {...chosen, message: `the signature matches none of the ${results.length} stored secrets`}
}
