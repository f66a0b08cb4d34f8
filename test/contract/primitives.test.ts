import {createHmac} from 'node:crypto'
import {describe, expect, it} from 'vitest'
import {
  controlCharacterProblem,
  counterpartyIdProblem,
  emailProblem,
  freeTextProblem,
  isId,
  isUuid,
  looksLikeMailbox,
  normalizeCustomId,
  phoneProblem,
} from '../../src/contract/primitives.js'
import {sameSignature, signWebhook, webhookSignatureMatches} from '../../src/contract/webhook-hmac.js'

const UUID = '0d9c1f7e-1111-4222-8333-444455556666'

describe('contract primitives', () => {
  it('id forms of v2: prefix + UUID, transactions with a direction suffix', () => {
    expect(isUuid(UUID.toUpperCase())).toBe(true)
    for (const prefix of ['payout_', 'counterparty_', 'team_', 'transaction_'] as const) {
      expect(isId(prefix, `${prefix}${UUID}`)).toBe(true)
      expect(isId(prefix, `${prefix}${UUID.slice(1)}`)).toBe(false)
      expect(isId(prefix, UUID)).toBe(false)
    }
    expect(isId('transaction_', `transaction_${UUID}_out`)).toBe(true)
    expect(isId('payout_', `payout_${UUID}_out`)).toBe(false)
    expect(counterpartyIdProblem(`payout_${UUID}`)).toMatch(/not a counterparty id/)
  })

  it('e-mail and phone', () => {
    expect(emailProblem('a@b.co')).toBeUndefined()
    expect(emailProblem(`${'a'.repeat(250)}@b.co`)).toMatch(/not an e-mail/)
    expect(phoneProblem('+4915112345678')).toBeUndefined()
    expect(phoneProblem('015112345678')).toMatch(/international format/)
    expect(looksLikeMailbox('ops@localhost')).toBe(true)
    expect(looksLikeMailbox('@maria')).toBe(false)
    expect(looksLikeMailbox('a@b@c')).toBe(false)
  })

  it('control characters are named by code point; other Unicode is text', () => {
    expect(controlCharacterProblem('a\u0000b')).toBe('must not contain control characters (found U+0000 at position 2)')
    expect(controlCharacterProblem('\u001b[31m')).toMatch(/U\+001B at position 1/)
    expect(controlCharacterProblem('x\u007f')).toMatch(/U\+007F/)
    expect(controlCharacterProblem('x\u009b')).toMatch(/U\+009B/)
    expect(controlCharacterProblem('Café 🎬 Ünïcødé – ok')).toBeUndefined()
  })

  it('free text keeps line breaks and tabs; other controls and bidi overrides are refused, as in ids', () => {
    for (const text of ['two\nlines', 'crlf\r\nline', 'tab\there', 'Łukasz Żółć'])
      expect(freeTextProblem(text), JSON.stringify(text)).toBeUndefined()
    for (const [text, code] of [
      ['bell\u0007', '0007'],
      ['esc\u001b[2J', '001B'],
      ['c1\u0085', '0085'],
      ['del\u007f', '007F'],
      ['rlo\u202egnp.exe', '202E'],
      ['isolate\u2066x', '2066'],
    ])
      expect(freeTextProblem(text)).toMatch(new RegExp(`U\\+${code}`))
    expect(controlCharacterProblem('two\nlines')).toMatch(/U\+000A/)
    expect(controlCharacterProblem('rlo\u202ex')).toMatch(/U\+202E/)
  })

  it('customIds are keyed in NFC', () => {
    expect(normalizeCustomId('cafe\u0301')).toBe('caf\u00e9')
    expect(normalizeCustomId('caf\u00e9')).toBe('caf\u00e9')
  })
})

describe('the webhook signature', () => {
  const secret = 'whsec_abc'
  const body = '{"id":"x","status":"completed"}'
  const independent = createHmac('sha256', secret).update(`1700000000.${body}`).digest('hex')

  it('is the hex HMAC-SHA256 of "timestamp.body", for strings and bytes alike', () => {
    expect(signWebhook(secret, 1700000000, body)).toBe(independent)
    expect(signWebhook(secret, '1700000000', Buffer.from(body))).toBe(independent)
  })

  it('matches case-insensitively and never for a malformed or empty signature', () => {
    expect(webhookSignatureMatches(secret, 1700000000, body, independent.toUpperCase())).toBe(true)
    expect(webhookSignatureMatches(secret, 1700000001, body, independent)).toBe(false)
    expect(sameSignature(independent, 'zz')).toBe(false)
    expect(sameSignature('', '')).toBe(false)
  })
})
