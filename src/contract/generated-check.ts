import type * as z from 'zod/mini'
import {type Accepts, withObjectRules} from './compiled-check.js'
import * as generated from './generated/request-validators.js'
import {GENERATED_VALIDATOR_SCHEMAS} from './generated-validator-schemas.js'

/**
 * The check of a request schema whose validator the build generated (GENERATED_VALIDATOR_SCHEMAS), with the schema's
 * object rules: what compiling it with Ajv would answer, without loading Ajv. Undefined for any other schema.
 */
export function generatedCheck(schema: z.ZodMiniType): Accepts | undefined {
  for (const [name, listed] of Object.entries(GENERATED_VALIDATOR_SCHEMAS))
    if (listed === schema) return withObjectRules(schema, (generated as Record<string, Accepts>)[name])
  return undefined
}
