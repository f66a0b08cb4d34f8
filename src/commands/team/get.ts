import {BaseCommand} from '../../cli/base-command.js'
import {type Answer, shownAnswer} from '../../cli/shown.js'
import {teamGet} from '../../operations/team/team-read.js'

export default class TeamGet extends BaseCommand<typeof TeamGet, 'team'> {
  static override summary = teamGet.summary
  static override description =
    `Reads the v1 team record. Balances show the open (approved, unpaid) amounts and the daily allowance for automated payouts; deposit instructions show where to send money to fund each currency.

--json prints the team record as the API returned it.`

  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --json | jq .balances',
  ]

  async run(): Promise<Answer<'team'>> {
    const [team, {showTeam}] = await Promise.all([this.operate(teamGet), import('../../cli/output/team-view.js')])
    return shownAnswer(team, {view: (got, out) => showTeam(out, got)})
  }
}
