import * as Flags from '@oclif/core/flags'
import {BaseCommand} from '../../cli/base-command.js'
import {environmentFlag, originFlag, profileNameArgs} from '../../cli/flags/profile-flags.js'
import {type Answer, shown} from '../../cli/shown.js'
import {productionOriginProblem, profileNameProblem} from '../../config/profiles.js'
import {usageError} from '../../shared/errors.js'
import {present} from '../../shared/present.js'

export default class ProfilesAdd extends BaseCommand<typeof ProfilesAdd, 'profileSettings'> {
  static override summary = 'Add a profile: a name, an environment and an origin.'
  static override description =
    'Credentials are added afterwards with "payctl auth login --profile NAME" (OAuth) or "--with-api-key".'

  static override examples = [
    '<%= config.bin %> <%= command.id %> sandbox --environment sandbox --origin https://sandbox.example.com --use',
    '<%= config.bin %> <%= command.id %> prod --environment production --origin https://api.example.com',
  ]

  static override args = profileNameArgs
  static override flags = {
    origin: originFlag({required: true}),
    environment: environmentFlag({required: true}),
    use: Flags.boolean({summary: 'Make it the active profile.'}),
  }

  async run(): Promise<Answer<'profileSettings'>> {
    const {name} = this.args
    const problem = profileNameProblem(name)
    if (problem) throw usageError(problem)
    const {ConfigStore} = await import('../../config/config-store.js')
    const config = new ConfigStore(this.config.configDir)
    if ((await config.profiles())[name])
      throw usageError(`profile "${name}" exists already`, [`change it with "payctl profiles set ${name}"`])
    const settings = {environment: this.flags.environment, origin: present(this.flags.origin)}
    const insecure = productionOriginProblem(settings.environment, settings.origin)
    if (insecure) throw usageError(`--origin: ${insecure}`)
    await config.setProfile(name, settings)
    if (this.flags.use) await config.setActive(name)
    return shown(
      {name, ...settings, active: this.flags.use},
      {
        view: (added, out) => {
          out.info(
            `Added profile "${name}" (${added.environment}, ${added.origin})${added.active ? ', now active' : ''}.`,
          )
          out.info(`Next: payctl auth login --profile ${name}`)
        },
      },
    )
  }
}
