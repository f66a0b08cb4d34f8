import {
  EMULATOR_IDENTITY_PATH,
  IDENTITY_NONCE,
  identityEndpoint,
  identityProof,
} from '../../contract/emulator-identity.js'
import {ok} from '../http/request-context.js'
import type {Route} from '../http/router.js'

/**
 * `GET /.well-known/payctl-emulator?nonce=N`: who this is, and the proof for the nonce on the address and port this
 * connection reached (src/contract/emulator-identity.ts).
 */
export function identityRoutes({identityToken}: {identityToken?: string}): Route[] {
  return [
    {
      method: 'GET',
      path: EMULATOR_IDENTITY_PATH,
      access: {kind: 'public'},
      handler: ({query, localAddress, localPort}) => {
        const nonce = query.get('nonce') ?? ''
        const proof =
          identityToken && IDENTITY_NONCE.test(nonce)
            ? identityProof(identityToken, identityEndpoint(localAddress, localPort), nonce)
            : null
        return ok({product: 'payctl-emulator', pid: process.pid, proof})
      },
    },
  ]
}
