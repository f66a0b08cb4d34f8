import {ApiError} from '../../client/api-errors.js'
import {parseResponse} from '../../client/parse.js'
import {type AuthServerMetadata, metadataSchema} from '../../contract/oauth-bodies.js'
import {oauthRequest, type Trace} from './oauth-http.js'

export type {AuthServerMetadata}

/** The spec's discovery path (spec 5.4; RFC 8414 for the issuer `{origin}/api/auth`). */
export const discoveryUrl = (origin: string) => `${origin}/.well-known/oauth-authorization-server/api/auth`

/**
 * Where the metadata of the issuer `{origin}/api/auth` may be, in order: the spec's (RFC 8414 section 3), the
 * OpenID form inserted the same way (RFC 8414 section 5), OpenID Connect Discovery 1.0's (appended to the
 * issuer), and RFC 8414's suffix appended to the issuer, which some servers use.
 */
export const discoveryUrls = (origin: string) => [
  discoveryUrl(origin),
  `${origin}/.well-known/openid-configuration/api/auth`,
  `${origin}/api/auth/.well-known/openid-configuration`,
  `${origin}/api/auth/.well-known/oauth-authorization-server`,
]

const absent = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 405)

/** Discovery: the first of the well-known URLs that does not answer 404 (or 405) gives the metadata. */
export function discover(origin: string, debug?: Trace): Promise<AuthServerMetadata> {
  return discoverAt(discoveryUrls(origin), debug)
}

async function discoverAt([url, ...others]: string[], debug?: Trace): Promise<AuthServerMetadata> {
  try {
    return parseResponse(
      metadataSchema,
      await oauthRequest(url, {method: 'GET', debug}),
      'authorization server metadata',
    )
  } catch (error) {
    if (!others.length || !absent(error)) throw error
    return discoverAt(others, debug)
  }
}
