import {Ajv2020} from 'ajv/dist/2020.js'
import {describe, expect, it} from 'vitest'
import {combinedPattern, withPlainSlashes} from '../../src/contract/document-forms.js'
import {openApiDocument} from '../../src/contract/openapi-document.js'

/**
 * The document holds none of the forms that generators mistranslate (docs/decisions.md, issue 51): no `false` or
 * `{not: {}}` schema, no `allOf` of patterns, no `const`, no escaped slash in a pattern, and a discriminator where
 * `type` decides. The generators themselves are run in .ci/run (test/generators); Ajv's verdicts on the rewritten
 * document are held to the emulator's by openapi-bodies.property.test.ts.
 */

type Json = Record<string, unknown>

/** Every schema-like object of the document's components, with its path. */
function* walk(value: unknown, path: string): Generator<[string, unknown]> {
  yield [path, value]
  if (Array.isArray(value)) for (const [index, item] of value.entries()) yield* walk(item, `${path}/${index}`)
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) if (key !== 'example') yield* walk(item, `${path}/${key}`)
}

const document = openApiDocument() as {components: {schemas: Record<string, Json>}}
const found = (test: (schema: Json, key: string) => boolean) =>
  [...walk(document.components.schemas, '')]
    .filter(([path, schema]) => test(schema as Json, path.split('/').pop() ?? ''))
    .map(([path]) => path)

describe('the document is written in the forms generators translate', () => {
  it('has no false or {not: {}} schema, no allOf of patterns, no const and no escaped slash in a pattern', () => {
    expect(found((schema, key) => schema === (false as unknown) && key !== 'required')).toEqual([])
    expect(found(schema => typeof schema === 'object' && schema !== null && 'not' in schema)).toEqual([])
    expect(found(schema => typeof schema === 'object' && schema !== null && 'const' in schema)).toEqual([])
    expect(found(schema => Array.isArray(schema?.allOf))).toEqual([])
    expect(found((schema, key) => key === 'pattern' && String(schema).includes('\\/'))).toEqual([])
  })

  it('a v2 recipient is a discriminated oneOf on type', () => {
    expect(document.components.schemas.RecipientV2.discriminator).toEqual({
      propertyName: 'type',
      mapping: {email: '#/components/schemas/EmailRecipientV2', phone: '#/components/schemas/PhoneRecipientV2'},
    })
  })

  it('a combined pattern holds where each of its parts does; an unanchored part is refused', () => {
    const combined = new RegExp(combinedPattern(['^[^\\u0000-\\u001f]*$', '^counterparty_[0-9a-f]{4}$']), 'u')
    expect(['counterparty_0a1b', 'counterparty_0a1\u0007', 'x counterparty_0a1b'].map(v => combined.test(v))).toEqual([
      true,
      false,
      false,
    ])
    expect(() => combinedPattern(['^a', 'b$'])).toThrow('cannot combine the unanchored pattern b$')
    const ajv = new Ajv2020()
    const slash = withPlainSlashes(String.raw`^https?:\/\/x\\\/$`)
    expect(slash).toBe(String.raw`^https?://x\\/$`)
    expect(ajv.validate({type: 'string', pattern: slash}, 'http://x\\/')).toBe(true)
  })
})
