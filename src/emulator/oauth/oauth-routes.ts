import type {ErrorDetail} from '../../contract/error-envelope.js'
import {operations} from '../../contract/operations.js'
import {authorizationCodeTokenRequest, refreshTokenRequest} from '../../contract/requests/oauth-requests.js'
import {LOCAL_EMULATOR} from '../../shared/local-emulator.js'
import type {Clock} from '../domain/clock.js'
import type {OperationHandlers} from '../http/operation-route.js'
import {header, ok, type RequestContext} from '../http/request-context.js'
import type {Route} from '../http/router.js'
import {INTERACTION_PATH} from './authorization-flow.js'
import {issuerFor} from './authorization-request.js'
import {checkedOAuthRequest} from './checked-request.js'
import {registerClient} from './client-registration.js'
import {authenticateClient, clientGrantTypes} from './oauth-clients.js'
import {answering, invalidRequest, OAuthError, oauthJson} from './oauth-errors.js'
import {OAUTH_SCOPES} from './oauth-scopes.js'
import type {OAuthServer} from './oauth-server.js'

/** The HTTP endpoints of the authorization server (spec 5.4; RFC 8414, 7591, 6749, 7636, 8707, 7009, 7517). */

/** A PKCE verifier given but malformed can never match: invalid_grant (RFC 7636 section 4.6); else invalid_request. */
const tokenErrorOf = (problem: ErrorDetail) =>
  problem.path === 'code_verifier' && problem.message !== 'is required' ? 'invalid_grant' : 'invalid_request'

export function metadata(origin: string) {
  const base = `${origin}/api/auth`
  const authMethods = ['none', 'client_secret_basic', 'client_secret_post']
  return {
    issuer: issuerFor(origin),
    authorization_endpoint: `${base}/oauth2/authorize`,
    token_endpoint: `${origin}${operations.requestToken.path}`,
    registration_endpoint: `${origin}${operations.registerClient.path}`,
    revocation_endpoint: `${base}/oauth2/revoke`,
    jwks_uri: `${base}/jwks`,
    scopes_supported: OAUTH_SCOPES,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: authMethods,
    revocation_endpoint_auth_methods_supported: authMethods,
    authorization_response_iss_parameter_supported: true,
    // Tells payctl that this server is its own emulator and which seeded, admin-provisioned client to log in with.
    payctl_emulator_client_id: LOCAL_EMULATOR.oauthClientId,
  }
}

/**
 * A token or revocation request: its form parameters (each at most once, RFC 6749 section 3.2), the client they
 * authenticate, and the parameter the endpoint requires.
 */
function clientForm(ctx: RequestContext, store: OAuthServer['store'], required: string) {
  const contentType = header(ctx.headers, 'content-type') ?? ''
  if (!contentType.toLowerCase().startsWith('application/x-www-form-urlencoded'))
    throw invalidRequest('the body must be application/x-www-form-urlencoded')
  const params = new URLSearchParams(String(ctx.body ?? ''))
  for (const name of new Set(params.keys()))
    if (params.getAll(name).length > 1) throw invalidRequest(`the parameter ${name} appears more than once`)
  const client = authenticateClient(store, params, ctx.headers)
  const value = params.get(required)
  if (!value) throw invalidRequest(`${required} is required`)
  return {params, client, value}
}

/** The rows of the operations table the authorization server serves (discovery, registration, token). */
export function oauthOperationHandlers({clock, oauth}: {clock: Clock; oauth: OAuthServer}): OperationHandlers {
  return {
    getAuthorizationServerMetadata: ({origin}) => ok(metadata(origin)),
    registerClient: ({body}) =>
      answering(() => {
        let parsed: unknown
        try {
          parsed = JSON.parse(String(body ?? ''))
        } catch {
          throw new OAuthError('invalid_client_metadata', 'the body must be a JSON object of client metadata')
        }
        return oauthJson(registerClient(oauth.store, parsed, clock.nowMs()), 201)
      }),
    requestToken: ctx =>
      answering(() => {
        const {params, client, value: grantType} = clientForm(ctx, oauth.store, 'grant_type')
        if (grantType !== 'authorization_code' && grantType !== 'refresh_token')
          throw new OAuthError('unsupported_grant_type', `grant_type ${grantType} is not supported`)
        if (!clientGrantTypes(client).includes(grantType))
          throw new OAuthError('unauthorized_client', `the client may not use the grant type ${grantType}`)
        // The client is the authenticated one, however it sent its id (form field or Basic credentials).
        const form = {...Object.fromEntries(params), client_id: client.id}
        return oauthJson(
          grantType === 'authorization_code'
            ? oauth.grants.exchangeCode(
                client,
                checkedOAuthRequest(authorizationCodeTokenRequest, form, tokenErrorOf),
                ctx.origin,
              )
            : oauth.grants.refresh(client, checkedOAuthRequest(refreshTokenRequest, form, tokenErrorOf), ctx.origin),
        )
      }),
  }
}

/** The authorization server's own endpoints, which the API document does not describe (docs/decisions.md). */
export function oauthRoutes({oauth}: {oauth: OAuthServer}): Route[] {
  const access = {kind: 'public'} as const
  return [
    {method: 'GET', path: '/api/auth/jwks', access, handler: () => ok(oauth.keys.jwks())},
    {
      method: 'GET',
      path: '/api/auth/oauth2/authorize',
      access,
      handler: ({query, headers, origin}) => oauth.flow.authorize(query, headers, origin),
    },
    {
      method: 'GET',
      path: `${INTERACTION_PATH}/:id`,
      access,
      handler: ({params, headers}) => oauth.flow.show(params.id, headers),
    },
    {
      method: 'POST',
      path: `${INTERACTION_PATH}/:id`,
      access,
      rawBody: true,
      handler: ({params, headers, body, origin}) => oauth.flow.submit(params.id, headers, String(body ?? ''), origin),
    },
    {
      method: 'POST',
      path: '/api/auth/oauth2/revoke',
      access,
      rawBody: true,
      handler: ctx =>
        answering(() => {
          const {client, value: token} = clientForm(ctx, oauth.store, 'token')
          oauth.grants.revoke(client, token)
          return oauthJson({})
        }),
    },
  ]
}
