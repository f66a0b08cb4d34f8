import * as Args from '@oclif/core/args'
import {BaseCommand} from '../../cli/base-command.js'
import {type Answer, shown} from '../../cli/shown.js'

export default class ProfilesShow extends BaseCommand<typeof ProfilesShow, 'profileShown'> {
  static override summary = 'Show a profile (never its secrets).'
  static override examples = ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> prod --json']
  static override args = {name: Args.string({description: 'Profile name (default: the one in force).'})}

  async run(): Promise<Answer<'profileShown'>> {
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
    return shown(view, {
      view: (profileView, out) =>
        out.keyValue([
          ['Name', profileView.name],
          ['Environment', profileView.environment],
          ['Origin', profileView.origin],
          [
            'Selected by',
            {flag: '--profile / PAYCTL_PROFILE', active: 'active profile', default: 'built-in default'}[
              profileView.selectedBy
            ],
          ],
          ['Credentials', profileView.credentials],
          ['Webhook secrets', profileView.webhookSecrets ? `${profileView.webhookSecrets} stored` : undefined],
        ]),
    })
  }
}
