import type {ControlHandlers} from '../http/operation-route.js'
import {ok} from '../http/request-context.js'
import type {VarianceMode} from './variance-mode.js'

/**
 * The control table's `getVariance` and `setVariance` `{enabled, seed?}`: variance mode on or off for tests
 * (docs/emulator.md "Variance mode"). A reset of the emulator leaves the mode as it is.
 */
export function varianceRoutes({variance}: {variance: VarianceMode}): ControlHandlers {
  return {
    getVariance: () => ok(variance.get()),
    setVariance: ({body: {enabled, seed}}) => ok(variance.set({enabled, ...(seed === undefined ? {} : {seed})})),
  }
}
