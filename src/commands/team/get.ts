import {BaseCommand} from '../../cli/base-command.js'
import {type Answer, shown} from '../../cli/shown.js'

export default class TeamGet extends BaseCommand<typeof TeamGet> {
  static override result = 'team' as const
  static override summary = 'Show the team: summary, members, balances and deposit instructions.'
  static override description =
    `Reads the v1 team record. Balances show the open (approved, unpaid) amounts and the daily allowance for automated payouts; deposit instructions show where to send money to fund each currency.

--json prints the team record as the API returned it.`

  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --json | jq .balances',
  ]

  async run(): Promise<Answer<typeof TeamGet.result>> {
    const client = await this.client()
    const team = await client.v1.team.get()
    const {showTeam} = await import('../../cli/output/team-view.js')
    return shown(team, {view: (got, out) => showTeam(out, got)})
  }
}
