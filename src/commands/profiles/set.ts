import * as Flags from '@oclif/core/flags'
import {BaseCommand} from '../../cli/base-command.js'
import {environmentFlag, originFlag, profileNameArgs} from '../../cli/flags/profile-flags.js'
import {type Answer, shown} from '../../cli/shown.js'
import {productionOriginProblem} from '../../config/profiles.js'
import {usageError} from '../../shared/errors.js'

export default class ProfilesSet extends BaseCommand<typeof ProfilesSet, 'profileSettings'> {
  static override summary = "Change a profile's origin, environment, or whether agents may move money."
  static override description =
    "Changing the origin or environment of a profile keeps its credentials; keys are environment-specific, so log in again if they no longer apply.\n\n--allow-agent-money is the profile's own key for the money tools of `payctl mcp` on a production profile (the other is `payctl mcp --allow-money`); no MCP tool can set it. --no-allow-agent-money takes it back."

  static override examples = [
    '<%= config.bin %> <%= command.id %> local --origin http://127.0.0.1:5010',
    '<%= config.bin %> <%= command.id %> staging --environment sandbox',
    '<%= config.bin %> <%= command.id %> prod --allow-agent-money',
  ]

  static override args = profileNameArgs
  static override flags = {
    origin: originFlag(),
    environment: environmentFlag(),
    'allow-agent-money': Flags.boolean({allowNo: true, summary: 'Let `payctl mcp --allow-money` offer money tools.'}),
  }

  async run(): Promise<Answer<'profileSettings'>> {
    const {name} = this.args
    const money = this.flags['allow-agent-money']
    if (!this.flags.origin && !this.flags.environment && money === undefined)
      throw usageError('give --origin, --environment and/or --allow-agent-money')
    const {ConfigStore} = await import('../../config/config-store.js')
    const config = new ConfigStore(this.config.configDir)
    const current = (await config.profiles())[name]
    if (!current) throw usageError(`unknown profile "${name}"`, ['run "payctl profiles list"'])
    const next = {
      ...current,
      ...(this.flags.origin ? {origin: this.flags.origin} : {}),
      ...(this.flags.environment ? {environment: this.flags.environment} : {}),
      ...(money === undefined ? {} : {allowAgentMoney: money}),
    }
    const insecure = productionOriginProblem(next.environment, next.origin)
    if (insecure) throw usageError(`${this.flags.origin ? '--origin' : '--environment'}: ${insecure}`)
    await config.setProfile(name, next)
    return shown(
      {name, ...next},
      {view: (updated, out) => out.info(`Updated profile "${name}" (${updated.environment}, ${updated.origin}).`)},
    )
  }
}
