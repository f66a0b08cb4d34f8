import {IDENTITY_NONCE, identityEndpoint, identityProof} from '../../contract/emulator-identity.js'
import type {ControlHandlers} from '../http/operation-route.js'
import {ok} from '../http/request-context.js'

/**
 * The control table's `getEmulatorIdentity` (`?nonce=N`, no credentials): who this is, and the proof for the nonce
 * on the address and port this connection reached (src/contract/emulator-identity.ts).
 */
export function identityRoutes({identityToken}: {identityToken?: string}): ControlHandlers {
  return {
    getEmulatorIdentity: ({parsedQuery: {nonce = ''}, localAddress, localPort}) => {
      const proof =
        identityToken && IDENTITY_NONCE.test(nonce)
          ? identityProof(identityToken, identityEndpoint(localAddress, localPort), nonce)
          : null
      return ok({product: 'payctl-emulator', pid: process.pid, proof})
    },
  }
}
