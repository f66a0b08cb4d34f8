import * as Args from '@oclif/core/args'
import {BaseCommand} from '../../cli/base-command.js'

export default class ProfilesShow extends BaseCommand<typeof ProfilesShow> {
  static override summary = 'Show a profile (never its secrets).'
  static override examples = ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> prod --json']
  static override args = {name: Args.string({description: 'Profile name (default: the one in force).'})}

  async run(): Promise<void> {
    const [{resolveProfile}, {describeCredentials}] = await Promise.all([
      import('../../config/resolve.js'),
      import('../../cli/output/profile-view.js'),
    ])
    const profile = await resolveProfile({
      configDir: this.config.configDir,
      profile: this.args.name ?? this.flags.profile,
    })
    const credentials =
      profile.credentialSource === 'env'
        ? 'PAYCTL_API_KEY (environment, overrides stored credentials)'
        : describeCredentials(profile.name, profile.credentials, true)
    const view = {
      name: profile.name,
      environment: profile.environment,
      origin: profile.origin,
      selectedBy: profile.selectedBy,
      credentials,
      webhookSecrets: Object.keys(profile.credentials.webhookSecrets ?? {}).length,
    }
    if (this.flags.json) return this.out.printJson(view)
    this.out.keyValue([
      ['Name', view.name],
      ['Environment', view.environment],
      ['Origin', view.origin],
      [
        'Selected by',
        {flag: '--profile / PAYCTL_PROFILE', active: 'active profile', default: 'built-in default'}[view.selectedBy],
      ],
      ['Credentials', view.credentials],
      ['Webhook secrets', view.webhookSecrets ? `${view.webhookSecrets} stored` : undefined],
    ])
  }
}
