import type {Output} from './output.js'

const SOURCES = new Map([
  ['env', 'PAYCTL_API_KEY (environment; overrides stored credentials)'],
  ['api-key', 'stored API key'],
  ['oauth', 'stored OAuth login'],
  ['builtin', "the emulator's seeded key (built-in local profile)"],
  ['none', 'none'],
])

const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null)

/** `auth status` for a person: the profile, where its credentials come from, and the check's result. */
export function showAuthStatus(out: Output, view: Record<string, unknown>, status: string): void {
  const expiresAt = textOrNull(view.expiresAt)
  const expired = expiresAt !== null && Date.parse(expiresAt) < Date.now()
  const scopes = Array.isArray(view.scopes) ? view.scopes : null
  out.keyValue([
    ['Profile', `${view.profile} (${view.environment}; chosen by ${view.selectedBy})`],
    ['Origin', `${view.origin}${view.originFrom === 'PAYCTL_ORIGIN' ? ' (from PAYCTL_ORIGIN)' : ''}`],
    [
      'Credentials',
      view.overrides
        ? `PAYCTL_API_KEY (environment), overriding the ${SOURCES.get(String(view.overrides))} of this profile`
        : SOURCES.get(String(view.source)),
    ],
    ['Team', view.teamId ? `${view.teamName ?? ''} ${view.teamId}`.trim() : undefined],
    [
      'Scopes',
      scopes ? scopes.join(' ') : view.source === 'oauth' ? undefined : 'fixed at key creation (not shown by the API)',
    ],
    ['Client', textOrNull(view.clientId) ?? undefined],
    ['Expires', expiresAt ? `${expiresAt}${expired ? ' (expired: refreshed on the next call)' : ''}` : undefined],
    ['Status', status],
  ])
}
