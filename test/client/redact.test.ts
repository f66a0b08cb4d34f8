import {describe, expect, it} from 'vitest'
import {redactBody, redactHeaders, scrubSecrets} from '../../src/client/redact.js'

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
