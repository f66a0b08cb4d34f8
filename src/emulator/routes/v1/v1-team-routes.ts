import Big from 'big.js'
import {statesFrom} from '../../../contract/lifecycle.js'
import {teamV1} from '../../domain/api-views.js'
import type {Clock} from '../../domain/clock.js'
import type {Settlement} from '../../domain/settlement.js'
import {notFound} from '../../http/api-failure.js'
import type {OperationHandlers} from '../../http/operation-route.js'
import {ok} from '../../http/request-context.js'
import type {Store} from '../../store/index.js'

/** v1 team record (spec 2.4, 4.3) and its DAC7 setting. */
export function v1TeamRoutes({
  clock,
  settlement,
  store,
}: {
  clock: Clock
  settlement: Settlement
  store: Store
}): OperationHandlers {
  return {
    getTeamV1: ({principal}) => {
      const team = store.teams.team(principal.teamId)
      if (!team) throw notFound('the team no longer exists')
      settlement.allowance.roll(team.id)
      const scheduled: Record<string, Big> = {}
      for (const {amount, currency} of store.payouts.amountsInStates(team.id, statesFrom('approve')))
        scheduled[currency] = (scheduled[currency] ?? new Big(0)).plus(amount)
      return ok(
        teamV1(
          team,
          store.teams.accounts(team.id),
          store.teams.members(team.id),
          Object.fromEntries(Object.entries(scheduled).map(([currency, sum]) => [currency, sum.toFixed()])),
          clock.nowMs(),
        ),
      )
    },
    updateTeamSettings: ({principal, body}) => {
      const value = body.dac7ReportingRequired
      store.teams.patchTeam(principal.teamId, {dac7_reporting_required: value ? 1 : 0})
      return ok({dac7ReportingRequired: value})
    },
  }
}
