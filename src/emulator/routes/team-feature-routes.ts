import {whiteLabelBody} from '../../contract/control-bodies.js'
import {notFound} from '../http/api-failure.js'
import {parsedBody} from '../http/operation-route.js'
import {ok} from '../http/request-context.js'
import type {Route} from '../http/router.js'
import type {Store} from '../store/index.js'

/**
 * `POST /_emulator/teams/{id}/white-label` `{enabled}`: switches a team's white-label feature (spec 4.2
 * `branding`) on or off, so tests can see `branding: team` and `platform` refused (docs/emulator.md).
 */
export function teamFeatureRoutes({store}: {store: Store}): Route[] {
  return [
    {
      method: 'POST',
      path: '/_emulator/teams/:id/white-label',
      access: {kind: 'loopback'},
      handler: ({params, body}) => {
        const {enabled} = parsedBody(whiteLabelBody, body)
        if (!store.teams.team(params.id)) throw notFound(`no team ${params.id}`)
        store.transaction(() => store.teams.patchTeam(params.id, {white_label: enabled ? 1 : 0}))
        return ok({teamId: params.id, whiteLabel: enabled})
      },
    },
  ]
}
