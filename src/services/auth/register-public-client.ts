import {parseResponse} from '../../client/parse.js'
import {registrationSchema} from '../../contract/oauth-bodies.js'
import {usageError} from '../../shared/errors.js'
import type {AuthServerMetadata} from './discovery.js'
import {oauthRequest, type Trace} from './oauth-http.js'

/**
 * RFC 7591 dynamic registration as a public client. Deprecated for platform integrations (spec 5.4): such a
 * client is anonymous and can never hold payouts:approve; the caller warns about it.
 */
export async function registerPublicClient(
  metadata: AuthServerMetadata,
  redirectUris: string[],
  debug?: Trace,
): Promise<string> {
  if (!metadata.registration_endpoint)
    throw usageError('the server offers no dynamic client registration', [
      'pass --client-id of a client created in the dashboard',
    ])
  const body = await oauthRequest(metadata.registration_endpoint, {
    json: {
      client_name: 'payctl',
      redirect_uris: redirectUris,
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      // A CLI is a native app: its loopback redirect may use any port (RFC 8252 section 7.3).
      application_type: 'native',
    },
    debug,
  })
  return parseResponse(registrationSchema, body, 'client registration').client_id
}
