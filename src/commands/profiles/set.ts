import * as Args from '@oclif/core/args'
import {BaseCommand} from '../../cli/base-command.js'
import {environmentFlag, originFlag} from '../../cli/flags/profile-flags.js'
import {productionOriginProblem} from '../../config/profiles.js'
import {usageError} from '../../shared/errors.js'

export default class ProfilesSet extends BaseCommand<typeof ProfilesSet> {
  static override summary = "Change a profile's origin or environment."
  static override description =
    'Changing the origin or environment of a profile keeps its credentials; keys are environment-specific, so log in again if they no longer apply.'

  static override examples = [
    '<%= config.bin %> <%= command.id %> local --origin http://127.0.0.1:5010',
    '<%= config.bin %> <%= command.id %> staging --environment sandbox',
  ]

  static override args = {name: Args.string({required: true, description: 'Profile name.'})}
  static override flags = {origin: originFlag(), environment: environmentFlag()}

  async run(): Promise<void> {
    const {name} = this.args
    if (!this.flags.origin && !this.flags.environment) throw usageError('give --origin and/or --environment')
    const {ConfigStore} = await import('../../config/config-store.js')
    const config = new ConfigStore(this.config.configDir)
    const current = (await config.profiles())[name]
    if (!current) throw usageError(`unknown profile "${name}"`, ['run "payctl profiles list"'])
    const next = {
      ...current,
      ...(this.flags.origin ? {origin: this.flags.origin} : {}),
      ...(this.flags.environment ? {environment: this.flags.environment} : {}),
    }
    const insecure = productionOriginProblem(next.environment, next.origin)
    if (insecure) throw usageError(`${this.flags.origin ? '--origin' : '--environment'}: ${insecure}`)
    await config.setProfile(name, next)
    if (this.flags.json) return this.out.printJson({name, ...next})
    this.out.info(`Updated profile "${name}" (${next.environment}, ${next.origin}).`)
  }
}
