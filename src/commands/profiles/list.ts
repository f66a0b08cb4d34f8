import {BaseCommand} from '../../cli/base-command.js'
import {type Answer, shown} from '../../cli/shown.js'

export default class ProfilesList extends BaseCommand<typeof ProfilesList, 'profiles'> {
  static override summary = 'List profiles; the active one is marked with *.'
  static override examples = ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> --json']

  async run(): Promise<Answer<'profiles'>> {
    const [{ConfigStore}, {CredentialStore}, {describeCredentials}] = await Promise.all([
      import('../../config/config-store.js'),
      import('../../config/credentials.js'),
      import('../../cli/output/profile-view.js'),
    ])
    const config = new ConfigStore(this.config.configDir)
    const profiles = await config.profiles()
    const active = await config.activeProfile()
    const credentials = (await new CredentialStore(this.config.configDir).read()).profiles
    const rows = Object.entries(profiles).map(([name, settings]) => ({
      name,
      active: name === active,
      environment: settings.environment,
      origin: settings.origin,
      credentials: describeCredentials(name, credentials[name] ?? {}, true),
    }))
    return shown(rows, {
      view: (listed, out) =>
        out.table(listed, [
          {header: ' ', key: 'active', value: r => (r.active ? '*' : '')},
          {header: 'Name', value: r => r.name},
          {header: 'Environment', value: r => r.environment},
          {header: 'Origin', value: r => r.origin},
          {header: 'Credentials', value: r => r.credentials, drop: 1},
        ]),
    })
  }
}
