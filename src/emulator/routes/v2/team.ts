import type {EmulatorApp} from '../../app.js'
import {ApiFailure, notFound} from '../../errors.js'
import {ok} from '../../http.js'
import type {Route} from '../../router.js'
import {Scope} from '../../scopes.js'
import {Checker, type Json} from '../../validation.js'
import {accountView, teamV2} from '../../views.js'

/** v2 team, accounts and the sandbox deposit (spec 2.5, 4.5b, DESIGN). */
export function v2TeamRoutes(app: EmulatorApp): Route[] {
  const team = (teamId: string) => {
    const row = app.store.teams.team(teamId)
    if (!row) throw notFound('the team no longer exists')
    return row
  }
  return [
    {
      method: 'GET',
      path: '/api/v2/team',
      access: {kind: 'credentials', scopes: [Scope.teamRead]},
      handler: ({principal}) => ok(teamV2(team(principal.teamId))),
    },
    {
      method: 'GET',
      path: '/api/v2/accounts',
      access: {kind: 'credentials', scopes: [Scope.teamRead]},
      handler: ({principal}) => {
        const row = team(principal.teamId)
        app.settlement.allowance.roll(row.id)
        return ok({
          object: 'list',
          data: app.store.teams.accounts(row.id).map(account => accountView(row, account)),
          hasMore: false,
        })
      },
    },
    {
      method: 'POST',
      path: '/api/v2/team/sandbox-deposit',
      access: {kind: 'credentials'},
      idempotent: true,
      handler: ({principal, body}) => {
        if (app.environment !== 'sandbox')
          throw new ApiFailure(403, 'SANDBOX_ONLY', 'test deposits exist only in the sandbox environment')
        const check = new Checker()
        const input = check.object(body, '', ['currency', 'amount'])
        check.throwIfAny()
        const currency = check.currency(input as Json, 'currency')
        const amount = check.amount(input as Json, 'amount', currency)
        check.throwIfAny()
        const account = app.settlement.deposit(principal.teamId, currency!, amount!)
        return ok(accountView(team(principal.teamId), account))
      },
    },
  ]
}
