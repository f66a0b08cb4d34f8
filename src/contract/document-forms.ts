/**
 * The document's schemas in the forms that client generators translate faithfully (orval, @hey-api/openapi-ts,
 * openapi-zod-client, kubb, openapi-typescript; docs/decisions.md, issue 51, says what each one mistranslates).
 * zod's JSON Schema output is rewritten into forms of the same meaning; test/contract/openapi-bodies.property.test.ts
 * holds Ajv's verdict on the rewritten document equal to the emulator's, and the generators' own check
 * (test/generators, in .ci/run) holds theirs.
 *
 * - A field that must be absent (zod writes `{not: {}}`, JSON Schema's `false`) becomes a string of at least one
 *   and at most zero characters: no value fits it either, and every generator's validator refuses it, where they
 *   all read `false` and `not` as "anything".
 * - An `allOf` of patterns becomes one pattern (each but the last a lookahead); generators read such an `allOf` as
 *   an intersection of unknowns (orval's does not compile).
 * - `const` becomes a one-value `enum` (openapi-zod-client reads `const` as any string).
 * - A pattern's `\/` becomes `/`, the same character (openapi-zod-client escapes a pattern's slashes for a regular
 *   expression literal, and an escaped one ends the literal).
 * - A `oneOf` of named schemas that each require one property with one value gets a `discriminator` on it, which
 *   generators turn into a discriminated union.
 */

type Json = Record<string, unknown>

const ABSENT = {
  type: 'string',
  minLength: 1,
  maxLength: 0,
  description:
    'Must be absent in this form of the body: no value fits (written as a string of at least 1 and at most 0 characters, which generators translate; JSON Schema `false`).',
}

/** Keys whose value is data, not a schema. */
const DATA_KEYS = new Set(['enum', 'const', 'default', 'example', 'examples', 'required', 'discriminator'])
/** Keys whose value maps names to schemas. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas'])

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)
const isNever = (schema: Json) =>
  Object.keys(schema).length === 1 && isObject(schema.not) && !Object.keys(schema.not).length

/**
 * One pattern that holds where every one of `patterns` does. Each must be anchored at the start (`^`), so that a
 * lookahead at the start reads it as JSON Schema does (a search): the contract's patterns all are.
 */
export function combinedPattern(patterns: readonly string[]): string {
  const unanchored = patterns.find(pattern => !pattern.startsWith('^'))
  if (unanchored !== undefined) throw new Error(`cannot combine the unanchored pattern ${unanchored}`)
  return `${patterns
    .slice(0, -1)
    .map(pattern => `(?=${pattern})`)
    .join('')}${patterns.at(-1)}`
}

/** `pattern` with each escaped slash (`\/`) written as the slash it matches; other escapes stay as they are. */
export function withPlainSlashes(pattern: string): string {
  return pattern.replace(/\\(.)/gsu, (escaped, character: string) => (character === '/' ? '/' : escaped))
}

function withCombinedPatterns(schema: Json): Json {
  const parts = schema.allOf
  if (!Array.isArray(parts) || !parts.every(part => isObject(part) && Object.keys(part).join() === 'pattern'))
    return schema
  const {allOf: _, ...rest} = schema
  const patterns = [...(typeof schema.pattern === 'string' ? [schema.pattern] : []), ...parts.map(part => part.pattern)]
  return {...rest, pattern: combinedPattern(patterns as string[])}
}

/** A schema and everything in it, in the generators' forms (discriminators aside: they need the named schemas). */
function rewritten(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rewritten)
  if (!isObject(schema)) return schema
  if (isNever(schema)) return ABSENT
  const entries = Object.entries(withCombinedPatterns(schema)).map(([key, value]) => {
    if (DATA_KEYS.has(key)) return [key, value]
    if (SCHEMA_MAPS.has(key) && isObject(value))
      return [key, Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, rewritten(inner)]))]
    return [key, rewritten(value)]
  })
  const result = Object.fromEntries(entries)
  if (typeof result.pattern === 'string') result.pattern = withPlainSlashes(result.pattern)
  if ('const' in result) {
    const {const: value, ...rest} = result
    return {...rest, enum: [value]}
  }
  return result
}

const nameOf = (reference: string) => reference.split('/').pop() ?? ''
/** The one value a property schema allows, if it allows one. */
const onlyValue = (schema: unknown) =>
  isObject(schema) && Array.isArray(schema.enum) && schema.enum.length === 1 ? schema.enum[0] : undefined

/**
 * `schema` with a discriminator when it is a `oneOf` of named schemas that each require one same property with one
 * value of its own (a v2 recipient's `type`, a token request's `grant_type`); otherwise `schema` as it is.
 */
export function discriminated(schema: Json, schemas: Record<string, Json>): Json {
  const members = schema.oneOf
  if (!Array.isArray(members) || !members.every(member => isObject(member) && typeof member.$ref === 'string'))
    return schema
  const targets = members.map(member => schemas[nameOf(member.$ref as string)])
  const propertiesOf = (target: Json | undefined) => (isObject(target?.properties) ? target.properties : {})
  const property = Object.keys(propertiesOf(targets[0])).find(name =>
    targets.every(
      target =>
        Array.isArray(target?.required) &&
        target.required.includes(name) &&
        typeof onlyValue(propertiesOf(target)[name]) === 'string',
    ),
  )
  if (!property) return schema
  const values = targets.map(target => onlyValue(propertiesOf(target)[property]) as string)
  if (new Set(values).size !== values.length) return schema
  const mapping = Object.fromEntries(members.map((member, index) => [values[index], member.$ref]))
  return {...schema, discriminator: {propertyName: property, mapping}}
}

/** The named schemas in the generators' forms, with their discriminators. */
export function forGenerators(schemas: Record<string, Json>): Record<string, Json> {
  const forms = Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, rewritten(schema) as Json]))
  return Object.fromEntries(Object.entries(forms).map(([name, schema]) => [name, discriminated(schema, forms)]))
}

/** An inline schema (a parameter's, a body's) in the generators' forms. */
export const inGeneratorForms = (schema: Json): Json => rewritten(schema) as Json
