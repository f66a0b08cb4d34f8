import {openApiDocument} from '../../contract/openapi-document.js'
import type {OperationHandlers} from '../http/operation-route.js'
import {ok} from '../http/request-context.js'

/** `GET /api/openapi.json` (no auth): the OpenAPI document of what this emulator serves, made from the contract. */
export function openApiRoutes(): OperationHandlers {
  let document: unknown
  return {
    getOpenApiDocument: () => {
      document ??= openApiDocument()
      return ok(document)
    },
  }
}
