import {Checker, type Json} from '../domain/input-checker.js'
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
        const check = new Checker()
        const input = check.object(body, '', ['enabled', 'seed'])
        check.throwIfAny()
        const enabled = check.boolean(input as Json, 'enabled', true)
        const seed = check.string(input as Json, 'seed', {min: 1, max: 100})
        check.throwIfAny()
        return ok(variance.set({enabled, ...(seed === undefined ? {} : {seed})}))
      },
    },
  ]
}
