import {describe, expect, it} from 'vitest'
import {redactBody, redactHeaders, scrubHeaderValues, scrubSecrets} from '../../src/client/redact.js'

describe('redaction of debug traces', () => {
  it('redacts token, secret and key fields of JSON bodies, and keeps token_type, endpoints and error codes', () => {
    const body = JSON.parse(
      redactBody(
        JSON.stringify({
          access_token: 'a',
          refresh_token: 'r',
          token_type: 'Bearer',
          token_endpoint: 'http://x/token',
          nested: {clientSecret: 's', apiKey: 'k', signingSecret: 'w', tokenSymbol: 'EURC'},
          error: {code: 'UNAUTHORIZED'},
        }),
      ),
    )
    expect(body).toEqual({
      access_token: '[redacted]',
      refresh_token: '[redacted]',
      token_type: 'Bearer',
      token_endpoint: 'http://x/token',
      nested: {clientSecret: '[redacted]', apiKey: '[redacted]', signingSecret: '[redacted]', tokenSymbol: 'EURC'},
      error: {code: 'UNAUTHORIZED'},
    })
  })

  it('redacts the code, verifier, tokens and client secret of form bodies', () => {
    const form = new URLSearchParams(
      redactBody(
        'grant_type=authorization_code&code=c&code_verifier=v&client_id=cl&client_secret=s&token=t&refresh_token=r',
      ),
    )
    expect(Object.fromEntries(form)).toEqual({
      grant_type: 'authorization_code',
      code: '[redacted]',
      code_verifier: '[redacted]',
      client_id: 'cl',
      client_secret: '[redacted]',
      token: '[redacted]',
      refresh_token: '[redacted]',
    })
  })

  it('redacts credential headers and scrubs literal secrets', () => {
    expect(redactHeaders({authorization: 'Bearer x', accept: 'application/json'})).toEqual({
      authorization: '[redacted]',
      accept: 'application/json',
    })
    expect(scrubSecrets('key sk_secret_value here', ['sk_secret_value'])).toBe('key [redacted] here')
  })
})

describe('secret names in any spelling', () => {
  it('redacts api-key, API_KEY, x-api-key, authorization and the like, and keeps idempotency-key and token_type', async () => {
    const {isSecretName, scrubBearer} = await import('../../src/client/redact.js')
    for (const name of ['api-key', 'API_KEY', 'apiKey', 'x-api-key', 'authorization', 'Authorization', 'token', 'key'])
      expect(isSecretName(name), name).toBe(true)
    for (const name of ['idempotency-key', 'token_type', 'tokenSymbol', 'customId', 'amount'])
      expect(isSecretName(name), name).toBe(false)
    expect(scrubBearer('bad key Bearer sk_live_abcdef123 here')).toBe('bad key Bearer [redacted] here')
  })
})

describe('the spellings of a held secret', () => {
  const secret = 'tok_5b2f6c1e9a7d4e3f8b0c2a1d6e9f7a3b'
  it('finds base64 of it at every alignment, URL-safe and URL-encoded, inside longer base64 texts', () => {
    for (const prefix of ['', 'B', 'Be', 'Bearer ', 'user:'])
      for (const encoding of ['base64', 'base64url'] as const) {
        const encoded = Buffer.from(`${prefix}${secret} and after`).toString(encoding)
        const scrubbed = scrubSecrets(`x ${encoded} y`, [secret])
        expect(scrubbed).toContain('[redacted]')
        // At most the two characters at each end of the secret's run that also carry its neighbours stay.
        expect(scrubbed.length).toBeLessThan(encoded.length)
        expect(Buffer.from(scrubbed.replace('[redacted]', ''), encoding).toString('latin1')).not.toContain(
          secret.slice(2, -2),
        )
      }
    expect(scrubSecrets(encodeURIComponent(Buffer.from(secret).toString('base64')), [secret])).toBe('[redacted]')
  })

  it('replaces a run made of pieces of a long secret (16 characters or more each), and keeps other text', () => {
    const split = `${secret.slice(0, 18)}\n${secret.slice(18)}`
    expect(scrubSecrets(`a ${split} b`, [secret])).toBe('a [redacted]\n[redacted] b')
    expect(scrubSecrets('payout_5b2f6c1e-9a7d-4e3f', [secret])).toBe('payout_5b2f6c1e-9a7d-4e3f')
    // A piece must look random: a key's run of zeros does not redact the zeros of a token address.
    const address = `0x746f6b656e2d455552${'0'.repeat(22)}`
    expect(scrubSecrets(address, ['sk_sandbox_emulator_full_0000000000000000'])).toBe(address)
  })

  it('finds it in any case and with any of its characters escaped (JSON, percent, HTML), also in headers', () => {
    const key = 'sk_live_9f8e7d6c/5b4a+3210'
    const hex = (char: string) => char.charCodeAt(0).toString(16)
    const spellings = [
      key.toUpperCase(),
      'Sk_LiVe_9F8e7D6c/5B4a+3210',
      [...key].map(char => `\\u${hex(char).padStart(4, '0')}`).join(''),
      key.replace('s', '\\u0073').replace('/', '\\/'),
      [...key].map(char => `%${hex(char).toUpperCase()}`).join(''),
      [...key].map(char => `&#${char.charCodeAt(0)};`).join(''),
      key.replace(/_/g, '&lowbar;').replace('+', '&plus;').replace('/', '&#x2F;'),
      [...key].map(char => `\\x${hex(char)}`).join(''),
    ]
    for (const spelling of spellings)
      expect(scrubSecrets(`a "${spelling}" b`, [key]), spelling).toBe('a "[redacted]" b')
    expect(scrubHeaderValues({'x-echo': spellings[4], list: [spellings[0], 'fine']}, [key])).toEqual({
      'x-echo': '[redacted]',
      list: ['[redacted]', 'fine'],
    })
    expect(scrubSecrets('%20 &amp; \\u00e9 sk_live_other', [key])).toBe('%20 &amp; \\u00e9 sk_live_other')
  })

  it('keeps scrubbing a secret held earlier in the process, after it is no longer passed', () => {
    scrubSecrets('', ['old_refresh_token_0123456789'])
    expect(scrubSecrets('was old_refresh_token_0123456789', [])).toBe('was [redacted]')
  })
})
