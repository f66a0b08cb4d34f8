import type {AuthProvider} from '../../client/transport.js'
import {authError} from '../../shared/errors.js'
import type {ResolvedProfile} from '../../config/resolve.js'

/** The Authorization header for a profile: its API key, or its OAuth access token. */
export async function authProviderFor(
  profile: ResolvedProfile,
  configDir: string,
  debug?: (line: string) => void,
): Promise<AuthProvider> {
  if (profile.apiKey) {
    const key = profile.apiKey
    return {authorization: async () => `Bearer ${key}`, secrets: () => [key]}
  }
  const oauth = profile.credentials.oauth
  if (oauth) {
    const {OAuthProvider} = await import('../auth/oauth-provider.js')
    return new OAuthProvider({profile: profile.name, origin: profile.origin, configDir, credentials: oauth, debug})
  }
  throw authError(`profile "${profile.name}" has no credentials`, [
    `run "payctl auth login --profile ${profile.name}" or set PAYCTL_API_KEY`,
  ])
}
