import type {Reply} from '../http/request-context.js'

/** OAuth error responses (RFC 6749 section 5.2, RFC 7591 section 3.2.2, RFC 7009): `{error, error_description}`. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
  ) {
    super(`${error}: ${description}`)
    this.name = 'OAuthError'
  }
}

/** Token-endpoint answers are never cached (RFC 6749 section 5.1). */
export const NO_STORE = {'cache-control': 'no-store', pragma: 'no-cache'}

export const oauthJson = (body: unknown, status = 200): Reply => ({status, body, headers: {...NO_STORE}})

export function oauthErrorReply(error: OAuthError): Reply {
  const headers: Record<string, string> = {...NO_STORE}
  if (error.status === 401) headers['www-authenticate'] = 'Basic realm="payctl-emulator"'
  return {status: error.status, body: {error: error.error, error_description: error.description}, headers}
}

/** Runs a handler and turns an OAuthError into its JSON answer. */
export function answering(fn: () => Reply): Reply {
  try {
    return fn()
  } catch (error) {
    if (error instanceof OAuthError) return oauthErrorReply(error)
    throw error
  }
}

export const invalidRequest = (description: string) => new OAuthError('invalid_request', description)
export const invalidGrant = (description: string) => new OAuthError('invalid_grant', description)
export const invalidClient = (description: string) => new OAuthError('invalid_client', description, 401)
