import {commandOf} from '../../cli/command-of.js'
import {shownAnswer} from '../../cli/shown.js'
import {teamGet} from '../../operations/team/team-read.js'

export default commandOf(teamGet, {
  result: 'team',
  description: `Reads the v1 team record. Balances show the open (approved, unpaid) amounts and the daily allowance for automated payouts; deposit instructions show where to send money to fund each currency.

--json prints the team record as the API returned it.`,
  examples: ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> --json | jq .balances'],
  view: () => import('../../cli/output/team-view.js'),
  show: (team, {showTeam}) => shownAnswer(team, {view: (got, out) => showTeam(out, got)}),
})
