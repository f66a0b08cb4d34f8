import * as Flags from '@oclif/core/flags'
import {BaseCommand} from '../../cli/base-command.js'
import {yesFlag} from '../../cli/flags/common-flags.js'
import {type Answer, shown} from '../../cli/shown.js'

export default class TeamUpdate extends BaseCommand<typeof TeamUpdate, 'teamSettings'> {
  static override summary = "Change the team's settings: whether its payouts are reportable under DAC7."
  static override description =
    `When DAC7 reporting is required, EU-resident payees must give their tax identity before they can claim. Needs the team:manage scope (keys created before it existed must be edited or replaced). On a production profile the command asks for confirmation on a terminal, and needs --yes otherwise.

--json prints the API's answer, {"dac7ReportingRequired": …}.`

  static override examples = [
    '<%= config.bin %> <%= command.id %> --dac7-reporting true',
    '<%= config.bin %> <%= command.id %> --dac7-reporting false --json',
  ]

  static override flags = {
    'dac7-reporting': Flags.option({
      options: ['true', 'false'] as const,
      summary: "Whether the team's payouts are reportable under DAC7.",
      required: true,
    })(),
    yes: yesFlag,
  }

  async run(): Promise<Answer<'teamSettings'>> {
    await this.context().confirm({
      action: `set DAC7 reporting of the team to ${this.flags['dac7-reporting']}`,
      count: 1,
    })
    const client = await this.session.client()
    const settings = await client.v1.team.update({dac7ReportingRequired: this.flags['dac7-reporting'] === 'true'})
    return shown(settings, {
      view: (set, out) => out.line(`DAC7 reporting: ${set.dac7ReportingRequired ? 'required' : 'not required'}`),
    })
  }
}
