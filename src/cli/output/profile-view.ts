import type {ProfileCredentials} from '../../config/credential-types.js'
import type {Output} from './output.js'

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

/** What `profiles add` did, and what comes next. */
export function showAddedProfile(
  out: Output,
  added: {name: string; environment: string; origin: string; active: boolean},
) {
  out.info(
    `Added profile "${added.name}" (${added.environment}, ${added.origin})${added.active ? ', now active' : ''}.`,
  )
  out.info(`Next: payctl auth login --profile ${added.name}`)
}

/** What `profiles set` did. */
export const showUpdatedProfile = (out: Output, updated: {name: string; environment: string; origin: string}) =>
  out.info(`Updated profile "${updated.name}" (${updated.environment}, ${updated.origin}).`)
