import {parseResponse} from '../../client/parse.js'
import type {OAuthCredentials} from '../../config/credential-types.js'
import {tokenResponseSchema} from '../../contract/oauth-bodies.js'
import {decodeJwtClaims, teamIdFromToken} from './jwt-claims.js'
import {oauthRequest, type Trace} from './oauth-http.js'

export interface ClientIdentity {
  clientId: string
  clientSecret?: string
}

function toCredentials(
  body: unknown,
  client: ClientIdentity,
  resource: string,
  origin: string,
  now: number,
  previous?: OAuthCredentials,
): OAuthCredentials {
  const token = parseResponse(tokenResponseSchema, body, 'token response')
  return {
    accessToken: token.access_token,
    refreshToken: token.refresh_token ?? previous?.refreshToken,
    expiresAt: token.expires_in !== undefined ? new Date(now + token.expires_in * 1000).toISOString() : undefined,
    scope: token.scope ?? previous?.scope,
    tokenType: token.token_type,
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    resource,
    teamId: teamIdFromToken(token.access_token, origin) ?? previous?.teamId,
    email: emailFromToken(token.access_token) ?? previous?.email,
  }
}

const emailFromToken = (token: string) => {
  const email = decodeJwtClaims(token)?.email
  return typeof email === 'string' ? email : undefined
}

/** authorization_code grant with the PKCE verifier and the resource the token is bound to. */
export async function exchangeCode(options: {
  tokenEndpoint: string
  origin: string
  client: ClientIdentity
  code: string
  redirectUri: string
  verifier: string
  resource: string
  now?: number
  debug?: Trace
}): Promise<OAuthCredentials> {
  const body = await oauthRequest(options.tokenEndpoint, {
    debug: options.debug,
    form: {
      grant_type: 'authorization_code',
      code: options.code,
      redirect_uri: options.redirectUri,
      code_verifier: options.verifier,
      client_id: options.client.clientId,
      client_secret: options.client.clientSecret,
      resource: options.resource,
    },
  })
  return toCredentials(body, options.client, options.resource, options.origin, options.now ?? Date.now())
}

/** refresh_token grant; the server rotates the refresh token. */
export async function refreshTokens(options: {
  tokenEndpoint: string
  origin: string
  current: OAuthCredentials
  now?: number
  debug?: Trace
}): Promise<OAuthCredentials> {
  const {current} = options
  const body = await oauthRequest(options.tokenEndpoint, {
    debug: options.debug,
    form: {
      grant_type: 'refresh_token',
      refresh_token: current.refreshToken,
      client_id: current.clientId,
      client_secret: current.clientSecret,
      resource: current.resource,
    },
  })
  return toCredentials(
    body,
    {clientId: current.clientId, clientSecret: current.clientSecret},
    current.resource ?? '',
    options.origin,
    options.now ?? Date.now(),
    current,
  )
}
