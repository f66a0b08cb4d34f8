import * as z from 'zod/mini'
import {documentNotes} from './document-notes.js'
import {bodyRules} from './requests/request-fields.js'

/**
 * A request schema's yes or no, fast: a validator compiled with Ajv from the schema's JSON Schema (zod's own
 * conversion with the document's notes, as the OpenAPI document carries it), followed by the schema's object rules
 * that JSON Schema cannot state (`bodyRules`). It answers only whether zod would accept a value (a property test
 * holds the two equal); the problems of a refused value are zod's (`checkRequest`). The import's bodies have
 * validators generated at build time (generated-check.ts); Ajv is loaded only when a check is compiled here.
 */

export type Accepts = (value: unknown) => boolean

type Rule = (body: Record<string, unknown>) => boolean

/**
 * Ajv's options, the same for a validator compiled here and one generated at build time: lengths count characters,
 * as the contract's text fields do (`unicode`); patterns are the contract's own; only the yes or no is read, so no
 * error messages are built.
 */
export const AJV_OPTIONS = {
  strict: false,
  allErrors: false,
  validateSchema: false,
  unicodeRegExp: true,
  messages: false,
} as const

/** The JSON Schema a request's validator is made from: the OpenAPI document's conversion of the schema. */
export const requestJsonSchema = (schema: z.ZodMiniType): object =>
  z.toJSONSchema(schema, {io: 'input', metadata: documentNotes})

/** The rules of the schema's own checks; one that JSON Schema cannot state and that has no rule stops the compile. */
function objectRules(schema: z.ZodMiniType): Rule[] {
  const checks = (schema._zod.def as {checks?: object[]}).checks ?? []
  return checks.map(check => {
    const rule = bodyRules.get(check)
    if (!rule) throw new Error('the schema has a check that JSON Schema cannot state and no body rule for it')
    return rule
  })
}

/** A validator of `schema`'s JSON Schema, followed by the schema's object rules: zod's yes or no. */
export function withObjectRules(schema: z.ZodMiniType, validate: Accepts): Accepts {
  const rules = objectRules(schema)
  if (!rules.length) return validate
  return value => {
    if (!validate(value)) return false
    for (const rule of rules) if (!rule(value as Record<string, unknown>)) return false
    return true
  }
}

/** Ajv, loaded once: then a JSON Schema's validator is compiled synchronously. */
async function ajvCompiler(): Promise<(jsonSchema: object) => Accepts> {
  // The package's CommonJS exports, bundled or not: `default` is its module.exports.
  const {default: ajvPackage} = await import('ajv/dist/2020.js')
  return jsonSchema => {
    const validate = new ajvPackage.Ajv2020(AJV_OPTIONS).compile(jsonSchema)
    return value => validate(value)
  }
}

/** Compiles request checks synchronously once Ajv is loaded. */
export async function requestCheckCompiler(): Promise<(schema: z.ZodMiniType) => Accepts> {
  const compile = await ajvCompiler()
  return schema => withObjectRules(schema, compile(requestJsonSchema(schema)))
}

/**
 * A response schema's yes or no (answer-check.ts): its JSON Schema as zod writes its output, without the document's
 * notes, whose `enum` lists would close the answer's open fields (spec 9).
 */
export async function compiledAnswerCheck(schema: z.core.$ZodType): Promise<Accepts> {
  return (await ajvCompiler())(z.toJSONSchema(schema, {io: 'output'}))
}
