import {BaseCommand} from '../../base-command.js'
import {authError} from '../../errors.js'

const SOURCES = {
  env: 'PAYCTL_API_KEY (environment; overrides stored credentials)',
  'api-key': 'stored API key',
  oauth: 'stored OAuth login',
  builtin: "the emulator's seeded key (built-in local profile)",
  none: 'none',
} as const

export default class AuthStatus extends BaseCommand<typeof AuthStatus> {
  static override summary = 'Show who is logged in on a profile, and check the credentials with one call.'
  static override description = 'Exits 3 when the credentials are missing or rejected.'
  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --profile prod --json',
  ]

  async run(): Promise<void> {
    const profile = await this.profile()
    const oauth = profile.credentialSource === 'oauth' ? profile.credentials.oauth : undefined
    const base = {
      profile: profile.name,
      environment: profile.environment,
      origin: profile.origin,
      source: profile.credentialSource,
      scopes: oauth?.scope?.split(' ') ?? null,
      expiresAt: oauth?.expiresAt ?? null,
      clientId: oauth?.clientId ?? null,
    }
    if (profile.credentialSource === 'none') {
      if (this.flags.json) this.out.printJson({...base, valid: false})
      throw authError(`profile "${profile.name}" has no credentials`, [
        `run "payctl auth login --profile ${profile.name}"`,
      ])
    }
    const team = await (await this.client()).v1.team.get()
    const view = {...base, valid: true, teamId: team.id, teamName: team.name ?? null}
    if (this.flags.json) return this.out.printJson(view)
    this.out.keyValue([
      ['Profile', `${view.profile} (${view.environment})`],
      ['Origin', view.origin],
      ['Credentials', SOURCES[view.source]],
      ['Team', `${view.teamName ?? ''} ${view.teamId}`.trim()],
      [
        'Scopes',
        view.scopes ? view.scopes.join(' ') : oauth ? undefined : 'fixed at key creation (not shown by the API)',
      ],
      ['Expires', view.expiresAt ?? undefined],
      ['Status', 'valid (GET /team succeeded)'],
    ])
  }
}
