import * as z from 'zod/mini'

/**
 * Requests to the authorization server (spec 5.4): RFC 7591 registration of a public client and the token
 * endpoint's two grants (form fields, RFC 6749 section 4.1.3 with RFC 7636 and RFC 8707). These follow the RFCs'
 * own wording, not the service's 400 answers.
 */

export const GRANT_TYPES = ['authorization_code', 'refresh_token'] as const

export const clientRegistrationBody = z.object({
  client_name: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  redirect_uris: z.array(z.string()).check(z.minLength(1), z.maxLength(10)),
  token_endpoint_auth_method: z.optional(z.literal('none')),
  grant_types: z.optional(z.array(z.enum(GRANT_TYPES))),
  response_types: z.optional(z.array(z.literal('code'))),
  scope: z.optional(z.string()),
  application_type: z.optional(z.enum(['native', 'web'])),
})
export type ClientRegistration = z.input<typeof clientRegistrationBody>

const clientAuth = {client_id: z.string(), client_secret: z.optional(z.string()), resource: z.optional(z.string())}

export const authorizationCodeTokenRequest = z.object({
  grant_type: z.literal('authorization_code'),
  code: z.string(),
  redirect_uri: z.string(),
  code_verifier: z.string().check(z.minLength(43), z.maxLength(128)),
  ...clientAuth,
})
export type AuthorizationCodeTokenRequest = z.input<typeof authorizationCodeTokenRequest>

export const refreshTokenRequest = z.object({
  grant_type: z.literal('refresh_token'),
  refresh_token: z.string(),
  ...clientAuth,
})
export type RefreshTokenRequest = z.input<typeof refreshTokenRequest>

export const tokenRequest = z.discriminatedUnion('grant_type', [authorizationCodeTokenRequest, refreshTokenRequest])
export type TokenRequest = z.input<typeof tokenRequest>
