import {createHmac} from 'node:crypto'
import {describe, expect, it} from 'vitest'
import {explain} from '../../src/services/webhooks/explain.js'

const SECRET = 'whsec_Zk3u8Qm2Vt9Lr5Hn1Jc7Xd4Bw6Pe0Ya'
const NOW_MS = Date.UTC(2026, 10, 21, 12, 0, 0)
const NOW = Math.floor(NOW_MS / 1000)
const BODY = '{"id":"3f0c2b1a-9d8e-4f7a-b6c5-d4e3f2a1b0c9","amount":"125.00","currency":"EUR","status":"completed"}'

const hmac = (key: string | Buffer, data: string | Buffer) => createHmac('sha256', key).update(data).digest('hex')
const signed = (timestamp: number | string, body: string, key: string | Buffer = SECRET) =>
  hmac(key, `${timestamp}.${body}`)

const run = (
  overrides: Partial<{secret: string; timestamp: string; signature: string; body: string}>,
  tolerance = 300,
) =>
  explain({
    secret: overrides.secret ?? SECRET,
    timestamp: overrides.timestamp ?? String(NOW),
    signature: overrides.signature ?? signed(NOW, BODY),
    body: Buffer.from(overrides.body ?? BODY),
    toleranceSeconds: tolerance,
    now: NOW_MS,
  })

describe('webhooks verify explanations', () => {
  it('says a correct delivery verifies', () => {
    expect(run({})).toEqual({verified: true, message: 'signature valid; timestamp 0 s old', hints: []})
  })

  it('spots a trailing newline added to the saved body', () => {
    const result = run({body: `${BODY}\n`})
    expect(result).toMatchObject({verified: false, reason: 'signature_mismatch'})
    expect(result.hints[0]).toMatch(/ends with a newline/)
  })

  it('spots a re-serialized (pretty-printed) JSON body', () => {
    const result = run({body: JSON.stringify(JSON.parse(BODY), null, 2)})
    expect(result.hints[0]).toMatch(/re-serialized/)
  })

  it('spots a body signed pretty-printed but saved compact', () => {
    const pretty = JSON.stringify(JSON.parse(BODY), null, 2)
    const result = run({signature: signed(NOW, pretty)})
    expect(result.hints[0]).toMatch(/re-serialized/)
  })

  it('spots converted line endings', () => {
    const body = '{\n  "id": "x"\n}'
    const result = run({body: body.replace(/\n/g, '\r\n'), signature: signed(NOW, body)})
    expect(result.hints[0]).toMatch(/line endings/)
  })

  it('says wrong secret or changed body when nothing explains the mismatch', () => {
    const result = run({secret: 'whsec_not_the_right_one'})
    expect(result).toMatchObject({verified: false, reason: 'signature_mismatch'})
    expect(result.hints.join(' ')).toMatch(/secret is not this subscription's.*not the exact bytes/)
  })

  it('spots a secret with a trailing newline (read from a file)', () => {
    expect(run({secret: `${SECRET}\n`}).hints[0]).toMatch(/whitespace or a newline/)
  })

  it('spots a signer that used the base64-decoded secret', () => {
    const key = Buffer.from(SECRET.slice('whsec_'.length), 'base64')
    expect(run({signature: signed(NOW, BODY, key)}).hints[0]).toMatch(/base64-decoded secret/)
  })

  it('spots a signature over the body alone', () => {
    expect(run({signature: hmac(SECRET, BODY)}).hints[0]).toMatch(/signed the body alone/)
  })

  it('spots a timestamp header taken from another delivery', () => {
    const result = run({signature: signed(NOW - 42, BODY)})
    expect(result.hints[0]).toMatch(new RegExp(`valid for timestamp ${NOW - 42} \\(42 s earlier\\)`))
  })

  it('explains a timestamp too old, and --tolerance 0 checks only the signature', () => {
    const old = NOW - 3 * 3600
    const result = run({timestamp: String(old), signature: signed(old, BODY)})
    expect(result).toMatchObject({verified: false, reason: 'stale_timestamp'})
    expect(result.message).toBe('signature valid, but the timestamp is 3.0 h old (tolerance 300 s)')
    expect(result.hints.join(' ')).toMatch(/--tolerance 0/)
    expect(run({timestamp: String(old), signature: signed(old, BODY)}, 0).verified).toBe(true)
  })

  it('explains a timestamp in the future', () => {
    const ahead = NOW + 900
    expect(run({timestamp: String(ahead), signature: signed(ahead, BODY)})).toMatchObject({
      reason: 'future_timestamp',
      message: expect.stringContaining('in the future'),
    })
  })

  it('explains the wrong encoding: the right HMAC in base64', () => {
    const base64 = Buffer.from(signed(NOW, BODY), 'hex').toString('base64')
    const result = run({signature: base64})
    expect(result).toMatchObject({verified: false, reason: 'malformed_signature'})
    expect(result.hints[0]).toMatch(/wrong encoding: this is the right HMAC, but base64-encoded/)
    const wrong = Buffer.from(signed(NOW, 'other'), 'hex').toString('base64url')
    expect(run({signature: wrong}).hints[0]).toMatch(/does not match either/)
  })

  it('explains a prefixed digest', () => {
    expect(run({signature: `sha256=${signed(NOW, BODY)}`}).hints[0]).toMatch(/bare hex digest without a prefix/)
  })

  it('explains milliseconds where seconds are required', () => {
    const ms = String(NOW_MS)
    const result = run({timestamp: ms, signature: signed(ms, BODY)})
    expect(result).toMatchObject({reason: 'malformed_timestamp'})
    expect(result.hints[0]).toMatch(/used milliseconds/)
  })
})
