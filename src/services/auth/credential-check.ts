import type {ResolvedProfile} from '../../config/resolve.js'
import type {ResultOf} from '../../results/index.js'
import {authError} from '../../shared/errors.js'

/**
 * `auth status`: where a profile's credentials come from, then one call (GET /team) to check them. The view is
 * complete also when the service refuses them, with the refusal; the error then says how to fix it.
 */

const FIXES = {
  env: 'check PAYCTL_API_KEY, or unset it to use the credentials stored in the profile',
  'api-key': 'store a valid key: payctl auth login --with-api-key --profile NAME',
  oauth: 'log in again: payctl auth login --profile NAME',
  builtin: 'is the emulator running on this origin? payctl emulator start; or log in: payctl auth login',
  none: 'log in: payctl auth login --profile NAME (or --with-api-key)',
} as const

export interface CredentialCheck {
  view: ResultOf<'authStatus'>
  /** One line: no credentials, refused (with the code), or valid. */
  status: string
  error?: unknown
}

/** Why the profile was chosen; `flagGiven` tells --profile from PAYCTL_PROFILE (both arrive as the flag). */
export function profileChoice(profile: ResolvedProfile, flagGiven: boolean): string {
  if (profile.selectedBy !== 'flag') return profile.selectedBy === 'active' ? 'active profile' : 'built-in default'
  return flagGiven || process.env.PAYCTL_PROFILE !== profile.name ? '--profile' : 'PAYCTL_PROFILE'
}

export async function checkCredentials(options: {
  profile: ResolvedProfile
  selectedBy: string
  team(): Promise<{id: string; name?: string | null}>
  /** How the CLI reports an error: its code, message, HTTP status and exit code. */
  report(error: unknown): {code: string; message: string; status?: number; exitCode: number}
}): Promise<CredentialCheck> {
  const {profile} = options
  const oauth = profile.credentialSource === 'oauth' ? profile.credentials.oauth : undefined
  const base = {
    profile: profile.name,
    selectedBy: options.selectedBy,
    environment: profile.environment,
    origin: profile.origin,
    originFrom: process.env.PAYCTL_ORIGIN ? 'PAYCTL_ORIGIN' : 'profile',
    source: profile.credentialSource,
    overrides: profile.overridden ?? null,
    scopes: oauth?.scope?.split(' ') ?? null,
    expiresAt: oauth?.expiresAt ?? null,
    clientId: oauth?.clientId ?? null,
  }
  const fix = FIXES[profile.credentialSource].replace('NAME', profile.name)
  if (profile.credentialSource === 'none')
    return {
      view: {...base, valid: false, refusal: null},
      status: 'no credentials',
      error: authError(`profile "${profile.name}" has no credentials`, [fix]),
    }
  let team: {id: string; name?: string | null}
  try {
    team = await options.team()
  } catch (error) {
    const report = options.report(error)
    const refusal = {code: report.code, message: report.message, ...(report.status ? {status: report.status} : {})}
    return {
      view: {...base, valid: false, refusal},
      status: `refused: ${report.code}: ${report.message}`,
      error:
        report.exitCode === 3
          ? authError(`the service refused the credentials of profile "${profile.name}" (${report.code})`, [fix])
          : error,
    }
  }
  return {
    view: {...base, valid: true, teamId: team.id, teamName: team.name ?? null},
    status: 'valid (GET /team succeeded)',
  }
}
