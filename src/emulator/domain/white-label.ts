import {ApiFailure} from '../http/api-failure.js'
import type {TeamStore} from '../store/team-store.js'
import type {Branding} from './session-tokens.js'

/**
 * White label is a per-team feature (spec 4.2 `branding`): `team` needs the authenticated team's, `platform` the
 * feature of the team operating the calling OAuth client (an anonymous, dynamically registered client has no
 * team, so never). Teams have it unless switched off (the control table's `setWhiteLabel`).
 */

export function hasWhiteLabel(teams: TeamStore, teamId: string | undefined): boolean {
  const team = teamId === undefined ? undefined : teams.team(teamId)
  return team !== undefined && (team.white_label ?? 1) === 1
}

/** The team whose feature a branding needs; undefined for the service's own branding. */
export function brandingTeam(
  branding: Branding,
  teamId: string,
  platformTeam: () => string | undefined,
): string | undefined | null {
  if (branding === 'team') return teamId
  if (branding === 'platform') return platformTeam() ?? null
  return undefined
}

/** 403 FEATURE_NOT_ENABLED when the branding needs a white-label feature that team lacks. */
export function requireWhiteLabel(
  teams: TeamStore,
  branding: Branding,
  teamId: string,
  platformTeam: () => string | undefined,
): void {
  const owner = brandingTeam(branding, teamId, platformTeam)
  if (owner === undefined || (owner !== null && hasWhiteLabel(teams, owner))) return
  const whose = branding === 'team' ? 'this team' : 'the team operating this OAuth client'
  throw new ApiFailure(
    403,
    'FEATURE_NOT_ENABLED',
    `branding ${branding} needs the white-label feature, which ${whose} does not have`,
    {
      data: {feature: 'white_label', branding},
    },
  )
}
