import {notFound} from '../http/api-failure.js'
import type {ControlHandlers} from '../http/operation-route.js'
import {ok} from '../http/request-context.js'
import type {Store} from '../store/index.js'

/**
 * The control table's `setWhiteLabel` `{enabled}`: switches a team's white-label feature (spec 4.2 `branding`) on
 * or off, so tests can see `branding: team` and `platform` refused (docs/emulator.md).
 */
export function teamFeatureRoutes({store}: {store: Store}): ControlHandlers {
  return {
    setWhiteLabel: ({params, body: {enabled}}) => {
      if (!store.teams.team(params.id)) throw notFound(`no team ${params.id}`)
      store.transaction(() => store.teams.patchTeam(params.id, {white_label: enabled ? 1 : 0}))
      return ok({teamId: params.id, whiteLabel: enabled})
    },
  }
}
