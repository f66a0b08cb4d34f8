import type {ProfileCredentials} from '../../config/credentials.js'

/** Describes credentials without revealing them. */
export function describeCredentials(name: string, credentials: ProfileCredentials, builtinLocal: boolean): string {
  if (credentials.oauth) {
    const expiry = credentials.oauth.expiresAt ? `, access token expires ${credentials.oauth.expiresAt}` : ''
    return `OAuth login${credentials.oauth.teamId ? ` (team ${credentials.oauth.teamId})` : ''}${expiry}`
  }
  if (credentials.apiKey) return 'API key (stored)'
  if (builtinLocal && name === 'local') return "the emulator's seeded key (built-in)"
  return 'none'
}
