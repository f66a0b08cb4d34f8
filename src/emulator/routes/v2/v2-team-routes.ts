import {accountView, teamV2} from '../../domain/api-views.js'
import type {Environment} from '../../domain/environment.js'
import {moneyProblems} from '../../domain/money-rules.js'
import type {Settlement} from '../../domain/settlement.js'
import {ApiFailure, notFound} from '../../http/api-failure.js'
import {guarded, type OperationHandlers} from '../../http/operation-route.js'
import {ok} from '../../http/request-context.js'
import type {Store} from '../../store/index.js'

/** v2 team, accounts and the sandbox deposit (spec 2.5, 4.5b, DESIGN). */
export function v2TeamRoutes({
  environment,
  settlement,
  store,
}: {
  environment: Environment
  settlement: Settlement
  store: Store
}): OperationHandlers {
  const team = (teamId: string) => {
    const row = store.teams.team(teamId)
    if (!row) throw notFound('the team no longer exists')
    return row
  }
  return {
    getTeamV2: ({principal}) => ok(teamV2(team(principal.teamId))),
    listAccounts: ({principal}) => {
      const row = team(principal.teamId)
      settlement.allowance.roll(row.id)
      return ok({
        object: 'list',
        data: store.teams.accounts(row.id).map(account => accountView(row, account)),
        hasMore: false,
      })
    },
    createSandboxDeposit: guarded({
      before: () => {
        if (environment !== 'sandbox')
          throw new ApiFailure(403, 'SANDBOX_ONLY', 'test deposits exist only in the sandbox environment')
      },
      serviceRules: body => moneyProblems(body, 'amount'),
      handle: ({principal, body}) => {
        const {currency, amount} = body
        const account = settlement.deposit(principal.teamId, currency, amount)
        return ok(accountView(team(principal.teamId), account))
      },
    }),
  }
}
