import {createHmac} from 'node:crypto'
import {describe, expect, it} from 'vitest'
import {findSignatureHeaders, sign, verify} from '../../src/services/webhooks/webhook-signature.js'

/** The spec's rule, written out independently: hex HMAC-SHA256 of `${timestamp}.${rawBody}`. */
const reference = (secret: string, timestamp: number | string, body: string | Buffer) =>
  createHmac('sha256', secret)
    .update(Buffer.concat([Buffer.from(`${timestamp}.`), Buffer.isBuffer(body) ? body : Buffer.from(body)]))
    .digest('hex')

const SECRET = 'whsec_Zk3u8Qm2Vt9Lr5Hn1Jc7Xd4Bw6Pe0Ya'
const NOW_MS = Date.UTC(2026, 10, 21, 12, 0, 0)
const NOW = Math.floor(NOW_MS / 1000)
const BODY = '{"id":"3f0c2b1a-9d8e-4f7a-b6c5-d4e3f2a1b0c9","amount":"125.00","currency":"EUR","status":"completed"}'

describe('sign', () => {
  it.each([
    ['a payout body', SECRET, NOW, BODY],
    ['an empty body', SECRET, NOW, ''],
    ['non-ASCII text', 'whsec_ü', 1, '{"description":"Honorar für März – 12 €"}'],
    ['a short secret', 'k', 1767225600, '{}'],
  ])('agrees with node:crypto for %s', (_label, secret, timestamp, body) => {
    expect(sign(secret, timestamp, body)).toBe(reference(secret, timestamp, body))
    expect(sign(secret, String(timestamp), Buffer.from(body))).toBe(reference(secret, timestamp, body))
  })

  it('signs raw bytes exactly, including bytes that are not UTF-8', () => {
    const bytes = Buffer.from([0x7b, 0xff, 0xfe, 0x7d])
    expect(sign(SECRET, NOW, bytes)).toBe(reference(SECRET, NOW, bytes))
  })
})

describe('verify', () => {
  const good = {secrets: [SECRET], timestamp: String(NOW), body: BODY, now: NOW_MS}
  const signature = reference(SECRET, NOW, BODY)

  it('accepts a delivery signed as the spec says, in upper or lower case hex', () => {
    expect(verify({...good, signature})).toMatchObject({ok: true, secretIndex: 0, ageSeconds: 0})
    expect(verify({...good, signature: signature.toUpperCase()}).ok).toBe(true)
  })

  it('finds the matching secret among several', () => {
    expect(verify({...good, secrets: ['whsec_other', SECRET], signature})).toMatchObject({ok: true, secretIndex: 1})
  })

  it.each([
    ['a tampered body', {body: BODY.replace('125.00', '925.00')}, 'signature_mismatch'],
    ['a trailing newline', {body: `${BODY}\n`}, 'signature_mismatch'],
    ['a wrong secret', {secrets: ['whsec_wrong']}, 'signature_mismatch'],
    ['another timestamp in the header', {timestamp: String(NOW - 1)}, 'signature_mismatch'],
  ])('rejects %s as a mismatch', (_label, change, reason) => {
    const result = verify({...good, signature, ...change})
    expect(result).toMatchObject({ok: false, reason})
  })

  it('rejects a stale and a future timestamp beyond the tolerance, with the age', () => {
    const old = NOW - 301
    const stale = verify({...good, timestamp: String(old), signature: reference(SECRET, old, BODY)})
    expect(stale).toEqual({ok: false, reason: 'stale_timestamp', message: expect.stringMatching(/301 s old.*300 s/)})
    const ahead = NOW + 400
    const future = verify({...good, timestamp: String(ahead), signature: reference(SECRET, ahead, BODY)})
    expect(future).toMatchObject({ok: false, reason: 'future_timestamp'})
  })

  it('accepts a timestamp exactly at the tolerance, and any age with tolerance 0', () => {
    const edge = NOW - 300
    expect(verify({...good, timestamp: String(edge), signature: reference(SECRET, edge, BODY)}).ok).toBe(true)
    const ancient = NOW - 86_400 * 30
    const signed = {...good, timestamp: String(ancient), signature: reference(SECRET, ancient, BODY)}
    expect(verify(signed).ok).toBe(false)
    expect(verify({...signed, toleranceSeconds: 0}).ok).toBe(true)
  })

  it.each([
    ['no signature header', {signature: undefined}, 'missing_signature', /X-Service-Signature/],
    ['no timestamp header', {timestamp: undefined}, 'missing_timestamp', /X-Service-Timestamp/],
    [
      'a base64 signature',
      {signature: Buffer.from(signature, 'hex').toString('base64')},
      'malformed_signature',
      /base64/,
    ],
    ['a truncated signature', {signature: signature.slice(0, 40)}, 'malformed_signature', /40 hex digits/],
    ['a prefixed signature', {signature: `sha256=${signature}`}, 'malformed_signature', /prefix/],
    ['an empty signature', {signature: ''}, 'malformed_signature', /empty/],
    ['a timestamp in milliseconds', {timestamp: String(NOW_MS)}, 'malformed_timestamp', /milliseconds/],
    ['an ISO timestamp', {timestamp: '2026-11-21T12:00:00Z'}, 'malformed_timestamp', /date/],
    ['a word as timestamp', {timestamp: 'now'}, 'malformed_timestamp', /Unix seconds/],
  ])('rejects %s with the reason', (_label, change, reason, message) => {
    const result = verify({...good, signature, ...change})
    expect(result).toMatchObject({ok: false, reason})
    if (!result.ok) expect(result.message).toMatch(message)
  })
})

describe('findSignatureHeaders', () => {
  it("reads the spec's X-Service-* headers", () => {
    expect(findSignatureHeaders({'x-service-signature': 'abc', 'x-service-timestamp': '1'})).toEqual({
      signature: 'abc',
      timestamp: '1',
      signatureHeader: 'x-service-signature',
      timestampHeader: 'x-service-timestamp',
    })
  })

  it('reads any X-<Name>-Signature/X-<Name>-Timestamp pair, in any case', () => {
    expect(findSignatureHeaders({'X-Acme-Pay-Signature': 'abc', 'X-Acme-Pay-Timestamp': '1'})).toMatchObject({
      signature: 'abc',
      timestamp: '1',
      signatureHeader: 'x-acme-pay-signature',
    })
  })

  it('prefers a complete pair over a lone header of another name', () => {
    const found = findSignatureHeaders({'x-foo-signature': 'lonely', 'x-bar-signature': 's', 'x-bar-timestamp': 't'})
    expect(found).toMatchObject({signature: 's', timestamp: 't'})
  })

  it('reports a half pair, and nothing when there are no such headers', () => {
    expect(findSignatureHeaders({'x-acme-signature': 's'})).toEqual({
      signature: 's',
      signatureHeader: 'x-acme-signature',
    })
    expect(findSignatureHeaders({'content-type': 'application/json'})).toEqual({})
  })
})
