import * as z from 'zod/mini'
import {group} from '../operation-types.js'

/** The OpenAPI document itself. */

/** The document itself, as `GET /api/openapi.json` answers it. */
const openApiObject = z.looseObject({openapi: z.string()})

export const metaOperations = group({tag: 'Meta', auth: 'none'}, [
  {
    operationId: 'getOpenApiDocument',
    method: 'get',
    path: '/api/openapi.json',
    summary: 'This document.',
    decision: 'The whole operation (payctl serves its reading of the spec).',
    success: {status: 200, description: 'The OpenAPI document.', schema: openApiObject},
  },
])
