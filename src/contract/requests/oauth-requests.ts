import * as z from 'zod/mini'

/**
 * Requests to the authorization server (spec 5.4): RFC 7591 registration of a public client and the token
 * endpoint's two grants (form fields, RFC 6749 section 4.1.3 with RFC 7636 and RFC 8707). These follow the RFCs'
 * own wording, not the service's 400 answers.
 */

export const GRANT_TYPES = ['authorization_code', 'refresh_token'] as const

const strings = z.array(z.string({error: 'must be a string'}), {error: 'must be an array of strings'})

const CLIENT_NAME_RULE = 'must be a string of 1 to 200 characters'

export const clientRegistrationBody = z.object(
  {
    client_name: z.optional(
      z.string({error: CLIENT_NAME_RULE}).check(
        z.minLength(1, CLIENT_NAME_RULE),
        z.maxLength(200, CLIENT_NAME_RULE),
        z.refine(name => name.trim() !== '', CLIENT_NAME_RULE),
      ),
    ),
    redirect_uris: strings.check(z.minLength(1, 'must list 1 to 10 URIs'), z.maxLength(10, 'must list 1 to 10 URIs')),
    token_endpoint_auth_method: z.optional(
      z.literal('none', {
        error:
          'must be "none": only public clients can register dynamically; confidential clients are created by an administrator',
      }),
    ),
    grant_types: z.optional(
      z.array(z.enum(GRANT_TYPES, {error: `must each be one of ${GRANT_TYPES.join(', ')}`}), {
        error: 'must be an array of strings',
      }),
    ),
    response_types: z.optional(z.array(z.literal('code'), {error: 'must be ["code"]'})),
    scope: z.optional(z.string({error: 'must be a string'})),
    application_type: z.optional(z.enum(['native', 'web'])),
  },
  {error: 'the body must be a JSON object of client metadata'},
)
export type ClientRegistration = z.input<typeof clientRegistrationBody>

const clientAuth = {client_id: z.string(), client_secret: z.optional(z.string()), resource: z.optional(z.string())}

/** RFC 7636 section 4.1: the PKCE verifier's alphabet and length. */
export const PKCE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/
const VERIFIER_RULE = 'must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~'

export const authorizationCodeTokenRequest = z.object({
  grant_type: z.literal('authorization_code'),
  code: z.string(),
  redirect_uri: z.string(),
  code_verifier: z
    .string()
    .check(z.minLength(43, VERIFIER_RULE), z.maxLength(128, VERIFIER_RULE), z.regex(PKCE_VERIFIER, VERIFIER_RULE)),
  ...clientAuth,
})
export type AuthorizationCodeTokenRequest = z.input<typeof authorizationCodeTokenRequest>

export const refreshTokenRequest = z.object({
  grant_type: z.literal('refresh_token'),
  refresh_token: z.string(),
  /** RFC 6749 section 6: at most the scope granted; the grant's whole scope when omitted. */
  scope: z.optional(z.string()),
  ...clientAuth,
})
export type RefreshTokenRequest = z.input<typeof refreshTokenRequest>

export const tokenRequest = z.discriminatedUnion('grant_type', [authorizationCodeTokenRequest, refreshTokenRequest])
export type TokenRequest = z.input<typeof tokenRequest>
