import {join} from 'node:path'
import {beforeEach, describe, expect, it} from 'vitest'
import type {OAuthCredentials} from '../../src/config/credential-types.js'
import {CredentialStore} from '../../src/config/credentials.js'
import {OAuthProvider} from '../../src/services/auth/oauth-provider.js'
import {json, useFakeServer} from '../helpers/fake-server.js'

describe('OAuthProvider refresh', () => {
  const ctx = useFakeServer()
  let configDir: string
  let issued = 0

  beforeEach(() => {
    issued = 0
    ctx.server.fallback = (req, res) => {
      const form = new URLSearchParams(req.body)
      if (form.get('refresh_token') !== `refresh-${issued}`) return json(res, 400, {error: 'invalid_grant'})
      issued++
      json(res, 200, {
        access_token: `access-${issued}`,
        refresh_token: `refresh-${issued}`,
        expires_in: 3600,
        token_type: 'Bearer',
      })
    }
    configDir = join(ctx.home.dir, 'config')
  })

  const expired = (): OAuthCredentials => ({
    accessToken: 'access-0',
    refreshToken: 'refresh-0',
    expiresAt: new Date(Date.now() - 1000).toISOString(),
    clientId: 'cl_1',
    resource: `${ctx.server.origin}/api/v1`,
    tokenEndpoint: `${ctx.server.origin}/api/auth/oauth2/token`,
  })

  it('refreshes a token that expires within a minute and saves the rotated refresh token', async () => {
    const store = new CredentialStore(configDir)
    await store.update('p', () => ({oauth: expired()}))
    const provider = new OAuthProvider({profile: 'p', origin: ctx.server.origin, configDir, credentials: expired()})
    expect(await provider.authorization()).toBe('Bearer access-1')
    expect((await store.get('p')).oauth).toMatchObject({accessToken: 'access-1', refreshToken: 'refresh-1'})
    const form = new URLSearchParams(ctx.server.requests[0].body)
    expect(form.get('grant_type')).toBe('refresh_token')
    expect(form.get('resource')).toBe(`${ctx.server.origin}/api/v1`)
  })

  it('two concurrent refreshers spend the refresh token once and both end with the same valid tokens', async () => {
    const store = new CredentialStore(configDir)
    await store.update('p', () => ({oauth: expired()}))
    const a = new OAuthProvider({profile: 'p', origin: ctx.server.origin, configDir, credentials: expired()})
    const b = new OAuthProvider({profile: 'p', origin: ctx.server.origin, configDir, credentials: expired()})
    const [ha, hb] = await Promise.all([a.authorization(), b.authorization()])
    expect(ha).toBe('Bearer access-1')
    expect(hb).toBe('Bearer access-1')
    expect(ctx.server.requests).toHaveLength(1)
    expect((await store.get('p')).oauth?.refreshToken).toBe('refresh-1')
  })

  it('a failed refresh is an auth error (exit 3) that says to log in again', async () => {
    const store = new CredentialStore(configDir)
    await store.update('p', () => ({oauth: {...expired(), refreshToken: 'revoked'}}))
    const provider = new OAuthProvider({
      profile: 'p',
      origin: ctx.server.origin,
      configDir,
      credentials: {...expired(), refreshToken: 'revoked'},
    })
    const error = await provider.authorization().catch(e => e)
    expect(error).toMatchObject({exitCode: 3})
    expect(error.suggestions.join(' ')).toContain('payctl auth login --profile p')
  })
})
