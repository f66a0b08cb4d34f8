import {BaseCommand} from '../../cli/base-command.js'
import {profileNameArgs} from '../../cli/flags/profile-flags.js'
import {type Answer, shown} from '../../cli/shown.js'
import {usageError} from '../../shared/errors.js'

export default class ProfilesUse extends BaseCommand<typeof ProfilesUse, 'activeProfile'> {
  static override summary = 'Make a profile the active one.'
  static override examples = [
    '<%= config.bin %> <%= command.id %> sandbox',
    '<%= config.bin %> <%= command.id %> local',
  ]
  static override args = profileNameArgs

  async run(): Promise<Answer<'activeProfile'>> {
    const {ConfigStore} = await import('../../config/config-store.js')
    const config = new ConfigStore(this.config.configDir)
    if (!(await config.profiles())[this.args.name])
      throw usageError(`unknown profile "${this.args.name}"`, ['run "payctl profiles list"'])
    await config.setActive(this.args.name)
    return shown({active: this.args.name}, {view: ({active}, out) => out.info(`Active profile: ${active}`)})
  }
}
