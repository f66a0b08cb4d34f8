import type {Clock} from '../domain/clock.js'
import {Checker, type Json} from '../domain/input-checker.js'
import {SEEDED} from '../domain/seed.js'
import {invalidField} from '../http/api-failure.js'
import {ok} from '../http/request-context.js'
import type {Route} from '../http/router.js'
import type {Store} from '../store/index.js'
import {createClient, redirectUriProblem} from './oauth-clients.js'
import {OAUTH_SCOPES} from './oauth-scopes.js'
import type {OAuthServer} from './oauth-server.js'

/**
 * `POST /_emulator/oauth/clients`: an admin-provisioned client, as created in the dashboard (Settings,
 * OAuth Clients): public or confidential (the secret is answered once), with chosen scopes (default every
 * scope, `payouts:approve` included) and redirect URIs, attributed to a team (default the main team).
 */
export function oauthControlRoutes({clock, oauth, store}: {clock: Clock; oauth: OAuthServer; store: Store}): Route[] {
  return [
    {
      method: 'POST',
      path: '/_emulator/oauth/clients',
      access: {kind: 'loopback'},
      handler: ({body}) => {
        const check = new Checker()
        const input = check.strictObject(body, '', ['name', 'redirectUris', 'scopes', 'confidential', 'teamId'])
        check.throwIfAny()
        const b = input as Json
        const name = check.string(b, 'name', {min: 1, max: 200}) ?? 'Platform client'
        const redirectUris = check.stringArray(b, 'redirectUris', {required: true, minItems: 1, maxItems: 10})
        const scopes = check.stringArray(b, 'scopes', {minItems: 1, maxItems: 50, item: {oneOf: OAUTH_SCOPES}})
        const confidential = check.boolean(b, 'confidential') ?? false
        const teamId = check.uuid(b, 'teamId') ?? SEEDED.mainTeamId
        check.throwIfAny()
        redirectUris!.forEach((uri, i) => {
          const problem = redirectUriProblem(uri)
          if (problem) check.fail(`redirectUris.${i}`, problem)
        })
        check.throwIfAny()
        if (!store.teams.team(teamId)) throw invalidField('teamId', `no team ${teamId}`)
        const granted = scopes ?? [...OAUTH_SCOPES]
        const {row, secret} = createClient(oauth.store, {
          name,
          kind: 'admin',
          teamId,
          redirectUris: redirectUris!,
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
    },
  ]
}
