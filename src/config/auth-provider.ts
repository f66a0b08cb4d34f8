import type {AuthProvider} from '../client/transport.js'
import {authError} from '../errors.js'
import type {ResolvedProfile} from './resolve.js'

/** The Authorization header for a profile: its API key, or its OAuth access token. */
export async function authProviderFor(profile: ResolvedProfile, _configDir: string): Promise<AuthProvider> {
  if (profile.apiKey) {
    const key = profile.apiKey
    return {authorization: async () => `Bearer ${key}`, secrets: () => [key]}
  }
  const oauth = profile.credentials.oauth
  if (oauth) {
    return {
      authorization: async () => `Bearer ${oauth.accessToken}`,
      secrets: () => [oauth.accessToken, oauth.refreshToken, oauth.clientSecret],
    }
  }
  throw authError(`profile "${profile.name}" has no credentials`, [
    `run "payctl auth login --profile ${profile.name}" or set PAYCTL_API_KEY`,
  ])
}
