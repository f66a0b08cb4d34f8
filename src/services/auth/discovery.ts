import {z} from 'zod'
import {parseResponse} from '../../client/parse.js'
import {oauthRequest, type Trace} from './oauth-http.js'

export const metadataSchema = z.looseObject({
  issuer: z.string().optional(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  registration_endpoint: z.string().optional(),
  revocation_endpoint: z.string().optional(),
  jwks_uri: z.string().optional(),
  code_challenge_methods_supported: z.array(z.string()).optional(),
  scopes_supported: z.array(z.string()).optional(),
})
export type AuthServerMetadata = z.infer<typeof metadataSchema>

export const discoveryUrl = (origin: string) => `${origin}/.well-known/oauth-authorization-server/api/auth`

/** RFC 8414 discovery at the spec's path. */
export async function discover(origin: string, debug?: Trace): Promise<AuthServerMetadata> {
  const body = await oauthRequest(discoveryUrl(origin), {method: 'GET', debug})
  return parseResponse(metadataSchema, body, 'authorization server metadata')
}
