import {IDENTITY_NONCE, identityProof} from '../../contract/emulator-identity.js'
import type {ControlHandlers} from '../http/operation-route.js'
import {ok} from '../http/request-context.js'

/**
 * The control table's `getEmulatorIdentity` (`?nonce=N`, no credentials): who this is, and the proof for the nonce
 * (src/contract/emulator-identity.ts).
 */
export function identityRoutes({identityToken}: {identityToken?: string}): ControlHandlers {
  return {
    getEmulatorIdentity: ({parsedQuery: {nonce = ''}}) => {
      const proof = identityToken && IDENTITY_NONCE.test(nonce) ? identityProof(identityToken, nonce) : null
      return ok({product: 'payctl-emulator', pid: process.pid, proof})
    },
  }
}
