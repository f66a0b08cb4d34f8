import {varianceBody} from '../../contract/control-bodies.js'
import {parsedBody} from '../http/operation-route.js'
import {ok} from '../http/request-context.js'
import type {Route} from '../http/router.js'
import type {VarianceMode} from './variance-mode.js'

/**
 * `GET /_emulator/variance` and `POST /_emulator/variance` `{enabled, seed?}`: variance mode on or off for
 * tests (docs/emulator.md "Variance mode"). A reset of the emulator leaves the mode as it is.
 */
export function varianceRoutes({variance}: {variance: VarianceMode}): Route[] {
  const access = {kind: 'loopback'} as const
  return [
    {method: 'GET', path: '/_emulator/variance', access, handler: () => ok(variance.get())},
    {
      method: 'POST',
      path: '/_emulator/variance',
      access,
      handler: ({body}) => {
        const {enabled, seed} = parsedBody(varianceBody, body)
        return ok(variance.set({enabled, ...(seed === undefined ? {} : {seed})}))
      },
    },
  ]
}
