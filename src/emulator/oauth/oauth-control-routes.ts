import type {Clock} from '../domain/clock.js'
import {SEEDED} from '../domain/seed.js'
import {invalidField, validationError} from '../http/api-failure.js'
import type {ControlHandlers} from '../http/operation-route.js'
import {ok} from '../http/request-context.js'
import type {Store} from '../store/index.js'
import {createClient, redirectUriProblem} from './oauth-clients.js'
import {OAUTH_SCOPES} from './oauth-scopes.js'
import type {OAuthServer} from './oauth-server.js'

/**
 * The control table's `createOAuthClient`: an admin-provisioned client, as created in the dashboard (Settings,
 * OAuth Clients): public or confidential (the secret is answered once), with chosen scopes (default every
 * scope, `payouts:approve` included) and redirect URIs, attributed to a team (default the main team).
 */
export function oauthControlRoutes({
  clock,
  oauth,
  store,
}: {
  clock: Clock
  oauth: OAuthServer
  store: Store
}): ControlHandlers {
  return {
    createOAuthClient: ({body: input}) => {
      const {name = 'Platform client', redirectUris, scopes, confidential = false} = input
      const teamId = input.teamId ?? SEEDED.mainTeamId
      const problems = redirectUris.flatMap((uri, i) => {
        const problem = redirectUriProblem(uri)
        return problem ? [{path: `redirectUris.${i}`, message: problem}] : []
      })
      if (problems.length) throw validationError(problems)
      if (!store.teams.team(teamId)) throw invalidField('teamId', `no team ${teamId}`)
      const granted = scopes ?? [...OAUTH_SCOPES]
      const {row, secret} = createClient(oauth.store, {
        name,
        kind: 'admin',
        teamId,
        redirectUris,
        scopes: granted,
        confidential,
        now: clock.nowMs(),
      })
      return ok({
        clientId: row.id,
        ...(secret ? {clientSecret: secret} : {}),
        name,
        redirectUris,
        scopes: granted,
        confidential,
        teamId,
      })
    },
  }
}
