import {join} from 'node:path'
import {afterEach, beforeEach, describe, expect, it} from 'vitest'
import {OAuthProvider} from '../../src/services/auth/oauth-provider.js'
import {CredentialStore, type OAuthCredentials} from '../../src/config/credentials.js'
import {isolatedHome} from '../helpers/cli.js'
import {FakeServer, json} from '../helpers/fake-server.js'

describe('OAuthProvider refresh', () => {
  let server: FakeServer
  let configDir: string
  let issued = 0

  beforeEach(async () => {
    issued = 0
    server = await new FakeServer().start()
    server.fallback = (req, res) => {
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
    configDir = join(isolatedHome().dir, 'config')
  })
  afterEach(async () => server.stop())

  const expired = (): OAuthCredentials => ({
    accessToken: 'access-0',
    refreshToken: 'refresh-0',
    expiresAt: new Date(Date.now() - 1000).toISOString(),
    clientId: 'cl_1',
    resource: `${server.origin}/api/v1`,
    tokenEndpoint: `${server.origin}/api/auth/oauth2/token`,
  })

  it('refreshes a token that expires within a minute and saves the rotated refresh token', async () => {
    const store = new CredentialStore(configDir)
    await store.update('p', () => ({oauth: expired()}))
    const provider = new OAuthProvider({profile: 'p', origin: server.origin, configDir, credentials: expired()})
    expect(await provider.authorization()).toBe('Bearer access-1')
    expect((await store.get('p')).oauth).toMatchObject({accessToken: 'access-1', refreshToken: 'refresh-1'})
    const form = new URLSearchParams(server.requests[0].body)
    expect(form.get('grant_type')).toBe('refresh_token')
    expect(form.get('resource')).toBe(`${server.origin}/api/v1`)
  })

  it('two concurrent refreshers spend the refresh token once and both end with the same valid tokens', async () => {
    const store = new CredentialStore(configDir)
    await store.update('p', () => ({oauth: expired()}))
    const a = new OAuthProvider({profile: 'p', origin: server.origin, configDir, credentials: expired()})
    const b = new OAuthProvider({profile: 'p', origin: server.origin, configDir, credentials: expired()})
    const [ha, hb] = await Promise.all([a.authorization(), b.authorization()])
    expect(ha).toBe('Bearer access-1')
    expect(hb).toBe('Bearer access-1')
    expect(server.requests).toHaveLength(1)
    expect((await store.get('p')).oauth?.refreshToken).toBe('refresh-1')
  })

  it('a failed refresh is an auth error (exit 3) that says to log in again', async () => {
    const store = new CredentialStore(configDir)
    await store.update('p', () => ({oauth: {...expired(), refreshToken: 'revoked'}}))
    const provider = new OAuthProvider({
      profile: 'p',
      origin: server.origin,
      configDir,
      credentials: {...expired(), refreshToken: 'revoked'},
    })
    const error = await provider.authorization().catch(e => e)
    expect(error).toMatchObject({exitCode: 3})
    expect(error.suggestions.join(' ')).toContain('payctl auth login --profile p')
  })
})
