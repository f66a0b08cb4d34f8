import * as z from 'zod/mini'

/** The answers of the authorization server (spec section 5): RFC 8414 metadata, RFC 7591 registration, tokens. */

const text = z.optional(z.string())
const strings = z.optional(z.array(z.string()))

export const metadataSchema = z.looseObject({
  issuer: text,
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  registration_endpoint: text,
  revocation_endpoint: text,
  jwks_uri: text,
  code_challenge_methods_supported: strings,
  scopes_supported: strings,
  /** RFC 9207: the server puts `iss` in every authorization response; read as true only when it is `true`. */
  authorization_response_iss_parameter_supported: z.optional(z.unknown()),
  /** Only payctl's emulator says this: its seeded, admin-provisioned client. */
  payctl_emulator_client_id: text,
})
export type AuthServerMetadata = z.infer<typeof metadataSchema>

export const registrationSchema = z.looseObject({client_id: z.string()})

export const tokenResponseSchema = z.looseObject({
  access_token: z.string(),
  token_type: text,
  expires_in: z.optional(z.number()),
  refresh_token: text,
  scope: text,
})

/** The error of the registration and token endpoints (RFC 6749 section 5.2, RFC 7591 section 3.2.2). */
export const oauthErrorSchema = z.looseObject({error: z.string(), error_description: z.optional(z.string())})
