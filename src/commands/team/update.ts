import * as Flags from '@oclif/core/flags'
import {BaseCommand} from '../../base-command.js'

export default class TeamUpdate extends BaseCommand<typeof TeamUpdate> {
  static override summary = "Change the team's settings: whether its payouts are reportable under DAC7."
  static override description =
    `When DAC7 reporting is required, EU-resident payees must give their tax identity before they can claim. Needs the team:manage scope (keys created before it existed must be edited or replaced).

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
  }

  async run(): Promise<void> {
    const client = await this.client()
    const settings = await client.v1.team.update({dac7ReportingRequired: this.flags['dac7-reporting'] === 'true'})
    if (this.flags.json) return this.out.printJson(settings)
    this.out.line(`DAC7 reporting: ${settings.dac7ReportingRequired ? 'required' : 'not required'}`)
  }
}
