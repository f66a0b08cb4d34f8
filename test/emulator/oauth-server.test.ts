import {createPublicKey, verify} from 'node:crypto'
import {mkdtempSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {request} from 'undici'
import {describe, expect, it} from 'vitest'
import {startEmulator} from '../../src/emulator/index.js'
import {useEmulator} from '../helpers/emulator.js'
import {type Body, expectError, FULL} from './helpers.js'
import {
  claimsOf,
  expectOAuthError,
  LOOPBACK_REDIRECT,
  MAIN_TEAM,
  OAuth,
  OTHER_TEAM,
  PLATFORM_CLIENT,
  pkce,
} from './oauth-helpers.js'

/** Conformance of the authorization server over raw HTTP (auto-consent stands in for the pages here). */
const ctx = useEmulator({autoConsent: true})
const oauth = () => new OAuth(ctx.emu.url)

const register = (body: unknown) => ctx.api.post('/api/auth/oauth2/register', body, {key: null})

const newClient = async (body: Record<string, unknown>): Promise<Body> => {
  const res = await ctx.api.post('/_emulator/oauth/clients', body, {key: null})
  expect(res.status, res.text).toBe(200)
  return res.body
}

describe('discovery and keys', () => {
  it('serves RFC 8414 metadata at the spec path, S256 only, with every endpoint on this origin', async () => {
    const res = await ctx.api.get('/.well-known/oauth-authorization-server/api/auth', {key: null})
    expect(res.status).toBe(200)
    const base = `${ctx.emu.url}/api/auth`
    expect(res.body).toMatchObject({
      issuer: base,
      authorization_endpoint: `${base}/oauth2/authorize`,
      token_endpoint: `${base}/oauth2/token`,
      registration_endpoint: `${base}/oauth2/register`,
      revocation_endpoint: `${base}/oauth2/revoke`,
      jwks_uri: `${base}/jwks`,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
    })
    expect(res.body.scopes_supported).toEqual(
      expect.arrayContaining(['payouts:approve', 'offline_access', 'team:read']),
    )
  })

  it('signs RS256 access tokens with the JWKS key, with the claims of DESIGN.md', async () => {
    const tokens = await oauth().login({login_hint: 'ops@example.com', team_hint: OTHER_TEAM})
    const [header, payload, signature] = tokens.access_token.split('.')
    const head = JSON.parse(Buffer.from(header, 'base64url').toString())
    expect(head).toMatchObject({alg: 'RS256', typ: 'at+jwt'})
    const jwks = await ctx.api.get('/api/auth/jwks', {key: null})
    const jwk = jwks.body.keys.find((k: Body) => k.kid === head.kid)
    expect(jwk).toMatchObject({kty: 'RSA', alg: 'RS256', use: 'sig'})
    expect(jwk.d).toBeUndefined()
    const key = createPublicKey({key: jwk, format: 'jwk'})
    expect(verify('sha256', Buffer.from(`${header}.${payload}`), key, Buffer.from(signature, 'base64url'))).toBe(true)
    const claims = claimsOf(tokens.access_token)
    expect(claims).toMatchObject({
      iss: `${ctx.emu.url}/api/auth`,
      aud: `${ctx.emu.url}/api/v1`,
      scope: 'team:read payouts:read payouts:write offline_access',
      client_id: PLATFORM_CLIENT,
      [`${ctx.emu.url}/oauth/team_id`]: OTHER_TEAM,
    })
    expect(claims.sub).toMatch(/^user_/)
    expect(claims.exp - claims.iat).toBe(3600)
    expect(typeof claims.jti).toBe('string')
    expect(tokens).toMatchObject({token_type: 'Bearer', expires_in: 3600})
    expect(tokens.refresh_token).toMatch(/^rt_/)
  })

  it('keeps the signing key in the database: tokens survive a restart with the same data file', async () => {
    const dataFile = join(mkdtempSync(join(tmpdir(), 'payctl-oauth-')), 'emu.sqlite')
    let emu = await startEmulator({port: 0, dataFile, autoConsent: true})
    const port = emu.port
    const tokens = await new OAuth(emu.url).login()
    await emu.close()
    emu = await startEmulator({port, dataFile, autoConsent: true})
    try {
      const again = new OAuth(emu.url)
      expect((await again.api('GET', '/api/v1/team', tokens.access_token)).status).toBe(200)
      const res = await again.refresh(tokens.refresh_token)
      expect(res.status, res.text).toBe(200)
      expect((await again.api('GET', '/api/v1/team', res.body.access_token)).status).toBe(200)
    } finally {
      await emu.close()
    }
  })
})

describe('older databases', () => {
  it('a database seeded before the OAuth server existed gets the platform client on start', async () => {
    const dataFile = join(mkdtempSync(join(tmpdir(), 'payctl-oauth-')), 'emu.sqlite')
    let emu = await startEmulator({port: 0, dataFile, autoConsent: true})
    emu.app.store.db.exec('DELETE FROM oauth_clients')
    await emu.close()
    emu = await startEmulator({port: 0, dataFile, autoConsent: true})
    try {
      const tokens = await new OAuth(emu.url).login()
      expect(claimsOf(tokens.access_token).client_id).toBe(PLATFORM_CLIENT)
    } finally {
      await emu.close()
    }
  })
})

describe('dynamic client registration (RFC 7591)', () => {
  it('registers a public client and answers its metadata, without a secret', async () => {
    const res = await register({
      client_name: 'payctl',
      redirect_uris: ['http://127.0.0.1/callback'],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    })
    expect(res.status, res.text).toBe(201)
    expect(res.body).toMatchObject({
      client_name: 'payctl',
      redirect_uris: ['http://127.0.0.1/callback'],
      token_endpoint_auth_method: 'none',
    })
    expect(res.body.client_id).toMatch(/^cl_/)
    expect(res.body.client_secret).toBeUndefined()
    expect(res.body.scope.split(' ')).not.toContain('payouts:approve')
    // It can log in on any loopback port.
    const tokens = await oauth().login({client_id: res.body.client_id, redirect_uri: 'http://127.0.0.1:40123/callback'})
    expect(claimsOf(tokens.access_token).client_id).toBe(res.body.client_id)
  })

  it('never grants payouts:approve to a dynamically registered client', async () => {
    expectOAuthError(
      await register({redirect_uris: ['http://127.0.0.1/cb'], scope: 'payouts:read payouts:approve'}),
      400,
      'invalid_client_metadata',
      /payouts:approve/,
    )
    const client = (await register({redirect_uris: ['http://127.0.0.1/cb']})).body
    const res = await oauth().authorize({
      client_id: client.client_id,
      redirect_uri: 'http://127.0.0.1:5000/cb',
      scope: 'payouts:read payouts:approve',
      code_challenge: pkce().challenge,
      login_hint: 'owner@example.com',
    })
    expect(res.status).toBe(303)
    const location = new URL(res.headers.location as string)
    expect(location.origin + location.pathname).toBe('http://127.0.0.1:5000/cb')
    expect(location.searchParams.get('error')).toBe('invalid_scope')
    expect(location.searchParams.get('error_description')).toMatch(/payouts:approve/)
    expect(location.searchParams.get('state')).toBe('state-123')
    expect(location.searchParams.get('code')).toBeNull()
  })

  it('refuses confidential clients, bad redirect URIs and bodies that are not JSON metadata', async () => {
    expectOAuthError(
      await register({redirect_uris: ['http://127.0.0.1/cb'], token_endpoint_auth_method: 'client_secret_basic'}),
      400,
      'invalid_client_metadata',
      /public clients/,
    )
    expectOAuthError(
      await register({redirect_uris: ['http://app.example.com/cb']}),
      400,
      'invalid_redirect_uri',
      /https/,
    )
    expectOAuthError(await register({redirect_uris: ['https://app.example.com/cb#x']}), 400, 'invalid_redirect_uri')
    expectOAuthError(await register({redirect_uris: []}), 400, 'invalid_redirect_uri')
    expectOAuthError(
      await register({redirect_uris: ['http://127.0.0.1/cb'], grant_types: ['password']}),
      400,
      'invalid_client_metadata',
    )
    const raw = await ctx.api.call('POST', '/api/auth/oauth2/register', {raw: 'not json', key: null})
    expectOAuthError(raw, 400, 'invalid_client_metadata')
  })
})

describe('authorize', () => {
  it('redirects back with a code, the state and the issuer (auto-consent with a member login_hint)', async () => {
    const {location} = await oauth().code({state: 'abc'})
    expect(`${location.origin}${location.pathname}`).toBe(LOOPBACK_REDIRECT)
    expect(location.searchParams.get('state')).toBe('abc')
    expect(location.searchParams.get('iss')).toBe(`${ctx.emu.url}/api/auth`)
  })

  it('matches a registered loopback redirect on any port, and anything else exactly', async () => {
    expect((await oauth().code({redirect_uri: 'http://127.0.0.1:1/callback'})).code).toBeTruthy()
    const wrongPath = await oauth().authorize({
      redirect_uri: 'http://127.0.0.1:5000/other',
      code_challenge: pkce().challenge,
    })
    expect(wrongPath.status).toBe(400)
    expect(wrongPath.headers['content-type']).toMatch(/text\/html/)
    expect(wrongPath.text).toContain('is not registered')

    const client = await newClient({redirectUris: ['https://platform.example.com:8443/oauth/callback']})
    const exact = await oauth().authorize({
      client_id: client.clientId,
      redirect_uri: 'https://platform.example.com:8443/oauth/callback',
      code_challenge: pkce().challenge,
      login_hint: 'owner@example.com',
    })
    expect(exact.status).toBe(303)
    expect(exact.headers.location).toMatch(/^https:\/\/platform\.example\.com:8443\/oauth\/callback\?code=/)
    const otherPort = await oauth().authorize({
      client_id: client.clientId,
      redirect_uri: 'https://platform.example.com:9443/oauth/callback',
      code_challenge: pkce().challenge,
      login_hint: 'owner@example.com',
    })
    expect(otherPort.status).toBe(400)
    expect(otherPort.headers.location).toBeUndefined()
    expect(otherPort.text).toContain('https://platform.example.com:9443/oauth/callback is not registered')
  })

  it('renders an error page (never redirects) for an unknown client or a missing redirect_uri', async () => {
    const unknown = await oauth().authorize({client_id: 'cl_nope', code_challenge: pkce().challenge})
    expect(unknown.status).toBe(400)
    expect(unknown.text).toContain('There is no application with client_id cl_nope')
    const missing = await oauth().authorize({code_challenge: pkce().challenge}, ['redirect_uri'])
    expect(missing.status).toBe(400)
    expect(missing.text).toContain('no redirect_uri')
  })

  it('redirects request errors to the client with error, error_description and state', async () => {
    const cases: Array<[Record<string, string>, string[], string, RegExp]> = [
      [{}, ['code_challenge'], 'invalid_request', /code_challenge is required/],
      [{code_challenge_method: 'plain'}, [], 'invalid_request', /S256/],
      [{}, ['code_challenge_method'], 'invalid_request', /S256/],
      [{code_challenge: 'short'}, [], 'invalid_request', /43 characters/],
      [{response_type: 'token'}, [], 'unsupported_response_type', /code/],
      [{}, ['resource'], 'invalid_request', /resource is required/],
      [{resource: 'https://evil.example.com/api/v1'}, [], 'invalid_target', /api\/v1 or/],
      [{scope: 'payouts:read everything'}, [], 'invalid_scope', /unknown scope everything/],
    ]
    for (const [params, omit, error, description] of cases) {
      const res = await oauth().authorize(
        {code_challenge: pkce().challenge, login_hint: 'owner@example.com', ...params},
        omit,
      )
      expect(res.status, JSON.stringify(params)).toBe(303)
      const location = new URL(res.headers.location as string)
      expect(location.searchParams.get('error'), JSON.stringify(params)).toBe(error)
      expect(location.searchParams.get('error_description')).toMatch(description)
      expect(location.searchParams.get('state')).toBe('state-123')
      expect(location.searchParams.get('code')).toBeNull()
    }
  })

  it('auto-consent picks the team_hint team when the user is a member, else the first team', async () => {
    const hinted = await oauth().login({login_hint: 'ops@example.com', team_hint: OTHER_TEAM})
    expect(claimsOf(hinted.access_token)[`${ctx.emu.url}/oauth/team_id`]).toBe(OTHER_TEAM)
    const v2Hint = await oauth().login({login_hint: 'ops@example.com', team_hint: `team_${OTHER_TEAM}`})
    expect(claimsOf(v2Hint.access_token)[`${ctx.emu.url}/oauth/team_id`]).toBe(OTHER_TEAM)
    const notMember = await oauth().login({login_hint: 'owner@example.com', team_hint: OTHER_TEAM})
    expect(claimsOf(notMember.access_token)[`${ctx.emu.url}/oauth/team_id`]).toBe(MAIN_TEAM)
  })

  it('sends a login_hint that is no member to the sign-in pages instead of consenting', async () => {
    const res = await oauth().authorize({login_hint: 'stranger@example.com', code_challenge: pkce().challenge})
    expect(res.status).toBe(303)
    expect(res.headers.location).toMatch(/^\/api\/auth\/oauth2\/interaction\//)
  })
})

describe('token: authorization_code', () => {
  const exchange = (c: Awaited<ReturnType<OAuth['code']>>, overrides: Record<string, string | undefined> = {}) =>
    oauth().token({
      grant_type: 'authorization_code',
      code: c.code,
      redirect_uri: c.redirectUri,
      code_verifier: c.verifier,
      client_id: c.clientId,
      resource: c.resource,
      ...overrides,
    })

  it('exchanges a code once; a replayed code is refused and revokes what it issued', async () => {
    const c = await oauth().code()
    const first = await exchange(c)
    expect(first.status, first.text).toBe(200)
    expect(first.headers['cache-control']).toBe('no-store')
    expect((await oauth().api('GET', '/api/v1/team', first.body.access_token)).status).toBe(200)
    expectOAuthError(await exchange(c), 400, 'invalid_grant', /already used.*revoked/)
    const after = await oauth().api('GET', '/api/v1/team', first.body.access_token)
    expectError(after, 401, 'UNAUTHORIZED')
    expect(after.body.error.message).toMatch(/revoked/)
    expectOAuthError(await oauth().refresh(first.body.refresh_token), 400, 'invalid_grant', /revoked/)
  })

  it('verifies PKCE: a missing verifier is invalid_request, a wrong one invalid_grant', async () => {
    expectOAuthError(
      await exchange(await oauth().code(), {code_verifier: undefined}),
      400,
      'invalid_request',
      /code_verifier/,
    )
    expectOAuthError(
      await exchange(await oauth().code(), {code_verifier: pkce().verifier}),
      400,
      'invalid_grant',
      /PKCE verification failed/,
    )
    expectOAuthError(await exchange(await oauth().code(), {code_verifier: 'short'}), 400, 'invalid_grant', /43 to 128/)
  })

  it('binds the code to its client, redirect_uri and resource, and to five minutes', async () => {
    const other = (
      await ctx.api.post('/api/auth/oauth2/register', {redirect_uris: ['http://127.0.0.1/cb']}, {key: null})
    ).body
    expectOAuthError(
      await exchange(await oauth().code(), {client_id: other.client_id}),
      400,
      'invalid_grant',
      /another client/,
    )
    expectOAuthError(
      await exchange(await oauth().code(), {redirect_uri: 'http://127.0.0.1:1/callback'}),
      400,
      'invalid_grant',
      /redirect_uri/,
    )
    expectOAuthError(await exchange(await oauth().code(), {resource: oauth().v2}), 400, 'invalid_target', /api\/v1/)
    expectOAuthError(await exchange(await oauth().code(), {resource: undefined}), 400, 'invalid_request', /resource/)
    const late = await oauth().code()
    await ctx.api.advance(301)
    expectOAuthError(await exchange(late), 400, 'invalid_grant', /expired/)
    expectOAuthError(await exchange(await oauth().code(), {code: 'ac_forged'}), 400, 'invalid_grant', /not valid/)
  })

  it('authenticates clients: unknown client, form body required, parameters once, grant types', async () => {
    expectOAuthError(
      await oauth().token({grant_type: 'authorization_code', code: 'x', client_id: 'cl_nope'}),
      401,
      'invalid_client',
    )
    expectOAuthError(await oauth().token({grant_type: 'authorization_code', code: 'x'}), 401, 'invalid_client')
    const json = await ctx.api.post('/api/auth/oauth2/token', {grant_type: 'refresh_token'}, {key: null})
    expectOAuthError(json, 400, 'invalid_request', /x-www-form-urlencoded/)
    expectOAuthError(
      await oauth().token({grant_type: 'password', client_id: PLATFORM_CLIENT}),
      400,
      'unsupported_grant_type',
    )
    const twice = await oauth().token(`client_id=${PLATFORM_CLIENT}&grant_type=refresh_token&grant_type=refresh_token`)
    expectOAuthError(twice, 400, 'invalid_request', /more than once/)
  })

  it('confidential clients must prove their secret (client_secret_basic or client_secret_post)', async () => {
    const client = await newClient({redirectUris: ['http://127.0.0.1/callback'], confidential: true})
    expect(client.clientSecret).toMatch(/^cs_/)
    const codeFor = () => oauth().code({client_id: client.clientId})
    expectOAuthError(await exchange(await codeFor()), 401, 'invalid_client', /confidential/)
    expectOAuthError(await exchange(await codeFor(), {client_secret: 'cs_wrong'}), 401, 'invalid_client', /not valid/)
    const post = await exchange(await codeFor(), {client_secret: client.clientSecret})
    expect(post.status, post.text).toBe(200)
    const basic = Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')
    const c = await codeFor()
    const res = await oauth().token(
      {
        grant_type: 'authorization_code',
        code: c.code,
        redirect_uri: c.redirectUri,
        code_verifier: c.verifier,
        resource: c.resource,
      },
      {authorization: `Basic ${basic}`},
    )
    expect(res.status, res.text).toBe(200)
    // A public client must not send a secret.
    expectOAuthError(await exchange(await oauth().code(), {client_secret: 'anything'}), 401, 'invalid_client', /public/)
  })

  it('gives no refresh token without offline_access', async () => {
    const tokens = await oauth().login({scope: 'team:read'})
    expect(tokens.refresh_token).toBeUndefined()
    expect(tokens.scope).toBe('team:read')
  })
})

describe('token: refresh_token', () => {
  it('rotates the refresh token; reusing a rotated one revokes the whole login', async () => {
    const tokens = await oauth().login()
    const next = await oauth().refresh(tokens.refresh_token)
    expect(next.status, next.text).toBe(200)
    expect(next.body.refresh_token).not.toBe(tokens.refresh_token)
    expect(next.body.access_token).not.toBe(tokens.access_token)
    expect((await oauth().api('GET', '/api/v1/team', next.body.access_token)).status).toBe(200)

    expectOAuthError(await oauth().refresh(tokens.refresh_token), 400, 'invalid_grant', /already used/)
    // The family is gone: the latest refresh token and access token too.
    expectOAuthError(await oauth().refresh(next.body.refresh_token), 400, 'invalid_grant', /revoked/)
    const api = await oauth().api('GET', '/api/v1/team', next.body.access_token)
    expectError(api, 401, 'UNAUTHORIZED')
  })

  it('access tokens last one hour and refresh tokens 30 days on the emulator clock', async () => {
    const tokens = await oauth().login()
    await ctx.api.advance(2 * 3600)
    const expired = await oauth().api('GET', '/api/v1/payouts', tokens.access_token)
    expectError(expired, 401, 'UNAUTHORIZED')
    expect(expired.body.error.message).toMatch(/expired/)
    const next = await oauth().refresh(tokens.refresh_token)
    expect(next.status, next.text).toBe(200)
    expect((await oauth().api('GET', '/api/v1/payouts', next.body.access_token)).status).toBe(200)
    await ctx.api.advance(31 * 24 * 3600)
    expectOAuthError(await oauth().refresh(next.body.refresh_token), 400, 'invalid_grant', /expired/)
  })

  it('keeps the resource and allows a narrower scope, never a wider one', async () => {
    const tokens = await oauth().login()
    expectOAuthError(await oauth().refresh(tokens.refresh_token, {resource: oauth().v2}), 400, 'invalid_target')
    expectOAuthError(
      await oauth().refresh(tokens.refresh_token, {scope: 'payouts:read payouts:approve'}),
      400,
      'invalid_scope',
    )
    const narrow = await oauth().refresh(tokens.refresh_token, {scope: 'payouts:read'})
    expect(narrow.status, narrow.text).toBe(200)
    expect(narrow.body.scope).toBe('payouts:read')
    expectError(await oauth().api('GET', '/api/v1/team', narrow.body.access_token), 403, 'INSUFFICIENT_SCOPE')
    expect(narrow.body.refresh_token).toMatch(/^rt_/)
  })

  it('refuses a refresh token of another client, and refresh to a client registered without that grant', async () => {
    const tokens = await oauth().login()
    const codeOnly = (
      await ctx.api.post('/api/auth/oauth2/register', {redirect_uris: ['http://127.0.0.1/cb']}, {key: null})
    ).body
    expectOAuthError(
      await oauth().refresh(tokens.refresh_token, {client_id: codeOnly.client_id}),
      400,
      'unauthorized_client',
    )
    const other = (
      await ctx.api.post(
        '/api/auth/oauth2/register',
        {redirect_uris: ['http://127.0.0.1/cb'], grant_types: ['authorization_code', 'refresh_token']},
        {key: null},
      )
    ).body
    expectOAuthError(
      await oauth().refresh(tokens.refresh_token, {client_id: other.client_id}),
      400,
      'invalid_grant',
      /another client/,
    )
  })
})

describe('revocation (RFC 7009)', () => {
  it('revoking the refresh token ends the login; revoking an access token ends that token', async () => {
    const tokens = await oauth().login()
    const res = await oauth().revoke({
      token: tokens.refresh_token,
      token_type_hint: 'refresh_token',
      client_id: PLATFORM_CLIENT,
    })
    expect(res.status, res.text).toBe(200)
    expectError(await oauth().api('GET', '/api/v1/team', tokens.access_token), 401, 'UNAUTHORIZED')
    expectOAuthError(await oauth().refresh(tokens.refresh_token), 400, 'invalid_grant', /revoked/)

    const second = await oauth().login()
    expect((await oauth().revoke({token: second.access_token, client_id: PLATFORM_CLIENT})).status).toBe(200)
    const api = await oauth().api('GET', '/api/v1/team', second.access_token)
    expectError(api, 401, 'UNAUTHORIZED')
    expect(api.body.error.message).toMatch(/revoked/)
    expect((await oauth().refresh(second.refresh_token)).status).toBe(200)
  })

  it('answers 200 for unknown tokens, and refuses tokens of another client or no client', async () => {
    expect((await oauth().revoke({token: 'rt_unknown', client_id: PLATFORM_CLIENT})).status).toBe(200)
    const tokens = await oauth().login()
    const other = (
      await ctx.api.post('/api/auth/oauth2/register', {redirect_uris: ['http://127.0.0.1/cb']}, {key: null})
    ).body
    expectOAuthError(
      await oauth().revoke({token: tokens.refresh_token, client_id: other.client_id}),
      400,
      'unauthorized_client',
    )
    expectOAuthError(await oauth().revoke({token: tokens.refresh_token}), 401, 'invalid_client')
    expect((await oauth().refresh(tokens.refresh_token)).status).toBe(200)
  })
})

describe('the API accepts access tokens (spec sections 5 and 9)', () => {
  it('a v1-bound token works for v1 and v2; a v2-bound token only for v2', async () => {
    const v1 = await oauth().login({scope: 'team:read payouts:read'})
    expect((await oauth().api('GET', '/api/v1/team', v1.access_token)).status).toBe(200)
    expect((await oauth().api('GET', '/api/v2/payouts', v1.access_token)).status).toBe(200)
    const v2 = await oauth().login({scope: 'team:read payouts:read', resource: oauth().v2})
    expect(claimsOf(v2.access_token).aud).toBe(oauth().v2)
    expect((await oauth().api('GET', '/api/v2/team', v2.access_token)).status).toBe(200)
    const refused = await oauth().api('GET', '/api/v1/team', v2.access_token)
    expectError(refused, 401, 'UNAUTHORIZED')
    expect(refused.body.error.message).toContain(`bound to the resource ${oauth().v2}`)
  })

  it('acts for the chosen team only, and enforces the token scopes', async () => {
    const tokens = await oauth().login({
      login_hint: 'ops@example.com',
      team_hint: OTHER_TEAM,
      scope: 'team:read payouts:read',
    })
    const team = await oauth().api('GET', '/api/v1/team', tokens.access_token)
    expect(team.body.id).toBe(OTHER_TEAM)
    const create = await oauth().api('POST', '/api/v1/payout', tokens.access_token, {
      description: 'x',
      payoutAmount: '1.00',
      currency: 'EUR',
      email: 'a@example.com',
    })
    expectError(create, 403, 'INSUFFICIENT_SCOPE')
    expect(create.body.error.data.requiredScope).toBe('payouts:write')
    const session = await oauth().api('POST', '/api/v1/session/kyb', tokens.access_token, {
      redirectUrl: 'http://localhost/x',
    })
    expectError(session, 403, 'INSUFFICIENT_SCOPE')
  })

  it('admin-provisioned clients can be granted payouts:approve; platform branding needs an OAuth token', async () => {
    const tokens = await oauth().login({scope: 'payouts:write payouts:approve sessions:write'})
    const created = await oauth().api('POST', '/api/v2/payouts', tokens.access_token, {
      description: 'Royalties',
      amount: '5.00',
      currency: 'EUR',
      recipient: {type: 'email', email: 'ada@example.com'},
    })
    expect(created.status, created.text).toBe(200)
    const approved = await oauth().api('POST', `/api/v2/payouts/${created.body.id}/approve`, tokens.access_token)
    expect(approved.status, approved.text).toBe(200)
    expect(approved.body.status).toBe('approved')
    const session = await oauth().api('POST', '/api/v1/session/kyb', tokens.access_token, {
      redirectUrl: 'http://localhost/x',
      branding: 'platform',
    })
    expect(session.status, session.text).toBe(200)
  })

  it('refuses forged, foreign-origin and unknown tokens with 401', async () => {
    const tokens = await oauth().login()
    const [h, p, s] = tokens.access_token.split('.')
    const claims = claimsOf(tokens.access_token)
    const forged = `${h}.${Buffer.from(JSON.stringify({...claims, scope: 'payouts:approve'})).toString('base64url')}.${s}`
    const res = await oauth().api('GET', '/api/v1/team', forged)
    expectError(res, 401, 'UNAUTHORIZED')
    expect(res.body.error.message).toMatch(/signature/)
    expect((await oauth().api('GET', '/api/v1/team', `${h}.${p}.${s}`)).status).toBe(200)
    // The same token addressed through another host name (one the emulator accepts) is not for this issuer.
    const viaOtherHost = await ctx.api.get('/api/v1/team', {
      key: tokens.access_token,
      headers: {host: `localhost:${ctx.emu.port}`},
    })
    expectError(viaOtherHost, 401, 'UNAUTHORIZED')
    expect(viaOtherHost.body.error.message).toMatch(/issued by/)
    await ctx.api.post('/_emulator/reset', undefined, {key: null})
    expectError(await oauth().api('GET', '/api/v1/team', tokens.access_token), 401, 'UNAUTHORIZED')
  })
})

describe('control routes', () => {
  it('POST /_emulator/oauth/clients creates public or confidential clients with chosen scopes', async () => {
    const client = await newClient({name: 'Read only', redirectUris: ['http://127.0.0.1/cb'], scopes: ['payouts:read']})
    expect(client).toMatchObject({name: 'Read only', scopes: ['payouts:read'], confidential: false, teamId: MAIN_TEAM})
    expect(client.clientSecret).toBeUndefined()
    const res = await oauth().authorize({
      client_id: client.clientId,
      redirect_uri: 'http://127.0.0.1:9/cb',
      scope: 'payouts:read team:read',
      code_challenge: pkce().challenge,
      login_hint: 'owner@example.com',
    })
    expect(new URL(res.headers.location as string).searchParams.get('error')).toBe('invalid_scope')
    const bad = await ctx.api.post('/_emulator/oauth/clients', {redirectUris: ['ftp://x']}, {key: null})
    expectError(bad, 400, 'VALIDATION_ERROR', 'redirectUris.0')
    const noTeam = await ctx.api.post(
      '/_emulator/oauth/clients',
      {redirectUris: ['http://127.0.0.1/cb'], teamId: '00000000-0000-4000-8000-000000000000'},
      {key: null},
    )
    expectError(noTeam, 400, 'VALIDATION_ERROR', 'teamId')
  })

  it('POST /_emulator/keys/revoke revokes an API key at once', async () => {
    const {key} = await ctx.api.newTeam()
    expect((await ctx.api.get('/api/v1/team', {key})).status).toBe(200)
    const res = await ctx.api.post('/_emulator/keys/revoke', {key}, {key: null})
    expect(res.status, res.text).toBe(200)
    const after = await ctx.api.get('/api/v1/team', {key})
    expectError(after, 401, 'UNAUTHORIZED')
    expect(after.body.error.message).toMatch(/revoked/)
    expectError(await ctx.api.post('/_emulator/keys/revoke', {key}, {key: null}), 404, 'NOT_FOUND')
    expect((await ctx.api.get('/api/v1/team', {key: FULL})).status).toBe(200)
  })
})

describe('hosted sessions minted with an OAuth token', () => {
  it('branding platform shows the team operating the OAuth client, not the customer team', async () => {
    const tokens = await oauth().login({
      login_hint: 'ops@example.com',
      team_hint: OTHER_TEAM,
      scope: 'team:read sessions:write',
    })
    const minted = await oauth().api('POST', '/api/v1/session/kyb', tokens.access_token, {
      redirectUrl: 'https://platform.example/back',
      branding: 'platform',
    })
    expect(minted.status, minted.text).toBe(200)
    const page = await request(minted.body.url)
    const html = await page.body.text()
    // The seeded platform client belongs to the main team ("Emulator Media GmbH"); the session is Other Team's.
    expect(html).toContain('Emulator Media GmbH')
    expect(html).not.toContain('Partner Platform')
  })
})
