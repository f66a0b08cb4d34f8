import {parseResponse} from '../../client/parse.js'
import {type AuthServerMetadata, metadataSchema} from '../../contract/oauth-bodies.js'
import {oauthRequest, type Trace} from './oauth-http.js'

export type {AuthServerMetadata}

export const discoveryUrl = (origin: string) => `${origin}/.well-known/oauth-authorization-server/api/auth`

/** RFC 8414 discovery at the spec's path. */
export async function discover(origin: string, debug?: Trace): Promise<AuthServerMetadata> {
  const body = await oauthRequest(discoveryUrl(origin), {method: 'GET', debug})
  return parseResponse(metadataSchema, body, 'authorization server metadata')
}
