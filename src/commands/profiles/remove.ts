import {BaseCommand} from '../../cli/base-command.js'
import {yesFlag} from '../../cli/flags/common-flags.js'
import {profileNameArgs} from '../../cli/flags/profile-flags.js'
import {type Answer, shown} from '../../cli/shown.js'
import {LOCAL_PROFILE} from '../../config/profiles.js'
import {usageError} from '../../shared/errors.js'

export default class ProfilesRemove extends BaseCommand<typeof ProfilesRemove, 'profileRemoved'> {
  static override summary = 'Remove a profile and its stored credentials.'
  static override description =
    'The built-in "local" profile cannot be removed; removing a stored override of it restores the built-in one. Removing a production profile asks for confirmation on a terminal, and needs --yes otherwise.'
  static override examples = ['<%= config.bin %> <%= command.id %> old-sandbox']
  static override args = profileNameArgs
  static override flags = {yes: yesFlag}

  async run(): Promise<Answer<'profileRemoved'>> {
    const {name} = this.args
    const [{ConfigStore}, {CredentialStore}] = await Promise.all([
      import('../../config/config-store.js'),
      import('../../config/credentials.js'),
    ])
    const config = new ConfigStore(this.config.configDir)
    const stored = (await config.read()).profiles
    if (!stored[name] && name !== LOCAL_PROFILE)
      throw usageError(`unknown profile "${name}"`, ['run "payctl profiles list"'])
    const credentials = new CredentialStore(this.config.configDir)
    const held = Object.values((await credentials.read()).profiles[name] ?? {}).some(value => value !== undefined)
    const what = `profile "${name}"${held ? ' and its stored credentials' : ''}`
    const {confirmProductionAction} = await import('../../cli/confirm.js')
    await confirmProductionAction({
      environment: stored[name]?.environment ?? 'sandbox',
      yes: this.flags.yes,
      summary: {action: `remove ${what}`},
      out: this.out,
    })
    await config.removeProfile(name)
    await credentials.update(name, () => undefined)
    return shown({removed: name}, {view: (_, out) => out.info(`Removed ${what}.`)})
  }
}
