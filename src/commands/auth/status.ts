import {BaseCommand} from '../../cli/base-command.js'
import {authError} from '../../shared/errors.js'

const SOURCES = {
  env: 'PAYCTL_API_KEY (environment; overrides stored credentials)',
  'api-key': 'stored API key',
  oauth: 'stored OAuth login',
  builtin: "the emulator's seeded key (built-in local profile)",
  none: 'none',
} as const

const FIXES = {
  env: 'check PAYCTL_API_KEY, or unset it to use the credentials stored in the profile',
  'api-key': 'store a valid key: payctl auth login --with-api-key --profile NAME',
  oauth: 'log in again: payctl auth login --profile NAME',
  builtin: 'is the emulator running on this origin? payctl emulator start; or log in: payctl auth login',
  none: 'log in: payctl auth login --profile NAME (or --with-api-key)',
} as const

export default class AuthStatus extends BaseCommand<typeof AuthStatus> {
  static override summary = 'Show who is logged in on a profile, and check the credentials with one call.'
  static override description =
    `Shows the profile and why it was chosen (--profile, PAYCTL_PROFILE, the active profile or the built-in default), the environment, the origin (and whether PAYCTL_ORIGIN overrides it), where the credential comes from (PAYCTL_API_KEY, a stored key, an OAuth login, the emulator's built-in key), and scopes and expiry where known, then checks the credential with GET /team. All of it is shown also when the service refuses the credential, with the refusal; the exit code is then 3.

Safe to re-run (read only).`
  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --profile prod --json',
  ]

  async run(): Promise<void> {
    const profile = await this.profile()
    const oauth = profile.credentialSource === 'oauth' ? profile.credentials.oauth : undefined
    const base = {
      profile: profile.name,
      selectedBy: this.selectedBy(profile.name, profile.selectedBy),
      environment: profile.environment,
      origin: profile.origin,
      originFrom: process.env.PAYCTL_ORIGIN ? 'PAYCTL_ORIGIN' : 'profile',
      source: profile.credentialSource,
      scopes: oauth?.scope?.split(' ') ?? null,
      expiresAt: oauth?.expiresAt ?? null,
      clientId: oauth?.clientId ?? null,
    }
    const fix = FIXES[profile.credentialSource].replace('NAME', profile.name)
    if (profile.credentialSource === 'none') {
      this.show({...base, valid: false, refusal: null}, 'no credentials')
      throw authError(`profile "${profile.name}" has no credentials`, [fix])
    }
    let team: {id: string; name?: string | null}
    try {
      team = await (await this.client()).v1.team.get()
    } catch (error) {
      const {reportError} = await import('../../services/errors/error-report.js')
      const report = reportError(error)
      const refusal = {code: report.code, message: report.message, ...(report.status ? {status: report.status} : {})}
      this.show({...base, valid: false, refusal}, `refused: ${report.code}: ${report.message}`)
      if (report.exitCode === 3)
        throw authError(`the service refused the credentials of profile "${profile.name}" (${report.code})`, [fix])
      throw error
    }
    this.show({...base, valid: true, teamId: team.id, teamName: team.name ?? null}, 'valid (GET /team succeeded)')
  }

  private selectedBy(name: string, how: 'flag' | 'active' | 'default'): string {
    if (how !== 'flag') return how === 'active' ? 'active profile' : 'built-in default'
    return this.argv.some(arg => arg === '--profile' || arg.startsWith('--profile=')) ||
      process.env.PAYCTL_PROFILE !== name
      ? '--profile'
      : 'PAYCTL_PROFILE'
  }

  private show(view: Record<string, unknown>, status: string): void {
    if (this.flags.json) {
      this.out.printJson(view)
      return
    }
    const expiresAt = view.expiresAt as string | null
    const expired = expiresAt !== null && Date.parse(expiresAt) < Date.now()
    const scopes = view.scopes as string[] | null
    this.out.keyValue([
      ['Profile', `${view.profile} (${view.environment}; chosen by ${view.selectedBy})`],
      ['Origin', `${view.origin}${view.originFrom === 'PAYCTL_ORIGIN' ? ' (from PAYCTL_ORIGIN)' : ''}`],
      ['Credentials', SOURCES[view.source as keyof typeof SOURCES]],
      ['Team', view.teamId ? `${view.teamName ?? ''} ${view.teamId}`.trim() : undefined],
      [
        'Scopes',
        scopes
          ? scopes.join(' ')
          : view.source === 'oauth'
            ? undefined
            : 'fixed at key creation (not shown by the API)',
      ],
      ['Client', (view.clientId as string | null) ?? undefined],
      ['Expires', expiresAt ? `${expiresAt}${expired ? ' (expired: refreshed on the next call)' : ''}` : undefined],
      ['Status', status],
    ])
  }
}
