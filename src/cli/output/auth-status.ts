import type {Output} from './output.js'

const SOURCES = {
  env: 'PAYCTL_API_KEY (environment; overrides stored credentials)',
  'api-key': 'stored API key',
  oauth: 'stored OAuth login',
  builtin: "the emulator's seeded key (built-in local profile)",
  none: 'none',
} as const

/** `auth status` for a person: the profile, where its credentials come from, and the check's result. */
export function showAuthStatus(out: Output, view: Record<string, unknown>, status: string): void {
  const expiresAt = view.expiresAt as string | null
  const expired = expiresAt !== null && Date.parse(expiresAt) < Date.now()
  const scopes = view.scopes as string[] | null
  out.keyValue([
    ['Profile', `${view.profile} (${view.environment}; chosen by ${view.selectedBy})`],
    ['Origin', `${view.origin}${view.originFrom === 'PAYCTL_ORIGIN' ? ' (from PAYCTL_ORIGIN)' : ''}`],
    [
      'Credentials',
      view.overrides
        ? `PAYCTL_API_KEY (environment), overriding the ${SOURCES[view.overrides as 'oauth' | 'api-key']} of this profile`
        : SOURCES[view.source as keyof typeof SOURCES],
    ],
    ['Team', view.teamId ? `${view.teamName ?? ''} ${view.teamId}`.trim() : undefined],
    [
      'Scopes',
      scopes ? scopes.join(' ') : view.source === 'oauth' ? undefined : 'fixed at key creation (not shown by the API)',
    ],
    ['Client', (view.clientId as string | null) ?? undefined],
    ['Expires', expiresAt ? `${expiresAt}${expired ? ' (expired: refreshed on the next call)' : ''}` : undefined],
    ['Status', status],
  ])
}
