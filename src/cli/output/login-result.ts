import type {ResolvedProfile} from '../../config/resolve.js'
import type {Output} from './output.js'

/** `auth login` (OAuth): who is logged in to which team. */
export function showOAuthLogin(
  out: Output,
  view: {profile: string; teamId?: string; email?: string},
  profile: ResolvedProfile,
  bin: string,
): void {
  out.info(
    `Logged in${view.email ? ` as ${view.email}` : ''} to team ${view.teamId ?? '(unknown)'} on profile "${profile.name}" (${profile.origin}).`,
  )
  if (profile.credentialSource === 'builtin')
    out.info(
      `The login replaces the emulator's built-in full key on "${profile.name}"; "${bin} auth logout --profile ${profile.name}" returns to it.`,
    )
}

/** `auth login --with-api-key`: the team the key belongs to. */
export function showApiKeyLogin(out: Output, view: {profile: string; teamId: string; teamName?: string | null}): void {
  out.info(`Stored the API key for team ${view.teamName ?? view.teamId} on profile "${view.profile}".`)
}
