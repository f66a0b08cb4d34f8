import {metadataSchema, registrationSchema, tokenResponseSchema} from '../oauth-bodies.js'
import {group} from '../operation-types.js'

/** The authorization server (spec 5): metadata, client registration, tokens. */

export const oauthOperations = group({tag: 'OAuth', auth: 'none'}, [
  {
    operationId: 'getAuthorizationServerMetadata',
    method: 'get',
    path: '/.well-known/oauth-authorization-server/api/auth',
    summary: 'Authorization server metadata (RFC 8414).',
    success: {status: 200, description: 'The metadata.', schema: metadataSchema},
  },
  {
    operationId: 'registerClient',
    method: 'post',
    path: '/api/auth/oauth2/register',
    summary: 'Dynamic client registration (RFC 7591); deprecated for platform integrations.',
    body: {schemas: ['clientRegistrationBody'], anyContentType: true},
    success: {status: 201, description: 'The registered client (RFC 7591 section 3.2.1).', schema: registrationSchema},
  },
  {
    operationId: 'requestToken',
    method: 'post',
    path: '/api/auth/oauth2/token',
    summary: 'Exchange an authorization code (with PKCE) or a refresh token for tokens.',
    decision: 'The request parameters and token lifetimes (access 1 hour, refresh 30 days, rotating).',
    authenticatesClient: true,
    body: {
      schemas: ['authorizationCodeTokenRequest', 'refreshTokenRequest'],
      mediaType: 'application/x-www-form-urlencoded',
    },
    success: {status: 200, description: 'The tokens.', schema: tokenResponseSchema},
  },
])
