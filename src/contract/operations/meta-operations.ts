import * as z from 'zod/mini'
import {byId, type Operation} from '../operation-types.js'

/** The OpenAPI document itself. */

/** The document itself, as `GET /api/openapi.json` answers it. */
const openApiObject = z.looseObject({openapi: z.string()})

export const metaOperations = byId([
  {
    operationId: 'getOpenApiDocument',
    method: 'get',
    path: '/api/openapi.json',
    tag: 'Meta',
    scopes: [],
    summary: 'This document.',
    auth: 'none',
    decision: 'The whole operation (payctl serves its reading of the spec).',
    success: {status: 200, description: 'The OpenAPI document.', schema: openApiObject},
  },
] as const satisfies readonly Operation[])
