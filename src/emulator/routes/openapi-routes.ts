import {openApiDocument} from '../../contract/openapi-document.js'
import {ok} from '../http/request-context.js'
import type {Route} from '../http/router.js'

/** `GET /api/openapi.json` (no auth): the OpenAPI document of what this emulator serves, made from the contract. */
export function openApiRoutes(): Route[] {
  let document: unknown
  return [
    {
      method: 'GET',
      path: '/api/openapi.json',
      access: {kind: 'public'},
      handler: () => {
        document ??= openApiDocument()
        return ok(document)
      },
    },
  ]
}
