import {controlDocumentText} from '../../contract/control-document.js'
import {openApiText} from '../../contract/openapi-document.js'
import type {ControlHandlers, OperationHandlers} from '../http/operation-route.js'
import type {Reply} from '../http/request-context.js'

const json = (text: string): Reply => ({
  status: 200,
  headers: {'content-type': 'application/json; charset=utf-8'},
  raw: text,
})

/** A document's handler: the text is made on the first request and served as it is after. */
function madeOnce(make: () => string) {
  let text: string | undefined
  return () => {
    text ??= make()
    return json(text)
  }
}

/**
 * `GET /api/openapi.json` (no auth): the OpenAPI document of what this emulator serves, made from the contract;
 * the same bytes as the docs/openapi.json the build writes.
 */
export function openApiRoutes(): OperationHandlers {
  return {getOpenApiDocument: madeOnce(openApiText)}
}

/**
 * The control table's `getControlDocument`: the document of the control table, the same bytes as the
 * docs/emulator-openapi.json the build writes.
 */
export function controlDocumentRoutes(): ControlHandlers {
  return {getControlDocument: madeOnce(controlDocumentText)}
}
