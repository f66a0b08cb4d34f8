import type * as z from 'zod/mini'
import * as controlBodies from './control-bodies.js'
import {httpMethodOf, type Operation, type RequestSchemaName} from './operation-types.js'
import {OPERATIONS} from './operations.js'
import * as requests from './requests/index.js'

/**
 * The request schemas a row names, built: what checks a request (the emulator) or describes it (the document)
 * loads this module; the client, which sends bodies as given, does not, and so does not build them.
 */

const byName = new Map<string, unknown>([...Object.entries(requests), ...Object.entries(controlBodies)])

/** The schema a row names by its export name in `requests/` or control-bodies.ts. */
export const requestSchema = (name: RequestSchemaName): z.ZodMiniType => byName.get(name) as z.ZodMiniType

/** The row's body schemas (any one of them); none for a row without a body. */
export const bodySchemasOf = (operation: Operation): z.ZodMiniType[] =>
  (operation.body?.schemas ?? []).map(requestSchema)

/** Where a request's schema applies: a JSON body, the query string, or a form-encoded body. */
export type RequestPart = 'body' | 'query' | 'form'

export interface RequestSchema {
  /** The schema's export name in `requests/`. */
  name: string
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  /** The row's path ({id} for a path parameter). */
  path: string
  part: RequestPart
  schema: z.ZodMiniType
}

const queryNames = new Map<unknown, string>([...byName].map(([name, value]) => [value, name]))

/** Every named request schema of `rows` (query, body or form), for a document and the tests that walk them. */
export const requestSchemasOf = (rows: readonly Operation[]): RequestSchema[] =>
  rows.flatMap(operation => {
    const method = httpMethodOf(operation)
    const queryName = operation.query && queryNames.get(operation.query)
    const bodyPart: RequestPart = operation.body?.mediaType === 'application/x-www-form-urlencoded' ? 'form' : 'body'
    return [
      ...(operation.query && queryName ? [{name: queryName, part: 'query' as const, schema: operation.query}] : []),
      ...(operation.body?.schemas ?? []).map(name => ({name, part: bodyPart, schema: requestSchema(name)})),
    ].map(request => ({...request, method, path: operation.path}))
  })

/** Every named request schema of the operations table. */
export const REQUEST_SCHEMAS: readonly RequestSchema[] = requestSchemasOf(OPERATIONS)
