import {openApiText} from '../../contract/openapi-document.js'
import type {OperationHandlers} from '../http/operation-route.js'

/**
 * `GET /api/openapi.json` (no auth): the OpenAPI document of what this emulator serves, made from the contract;
 * the same bytes as the docs/openapi.json the build writes.
 */
export function openApiRoutes(): OperationHandlers {
  let text: string | undefined
  return {
    getOpenApiDocument: () => {
      text ??= openApiText()
      return {status: 200, headers: {'content-type': 'application/json; charset=utf-8'}, raw: text}
    },
  }
}
