import type * as z from 'zod/mini'

/**
 * A query string as its schema reads it, as OpenAPI serialises query parameters (form style, exploded): a
 * repeated name of an array field becomes the array, the digits of an integer field a number. Anything else stays
 * the text it was, so that the schema names the problem.
 */
export function queryValues(schema: z.ZodMiniObject, query: URLSearchParams): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  for (const [name, field] of Object.entries(schema._zod.def.shape)) {
    if (!query.has(name)) continue
    const kind = kindOf(field as z.core.$ZodType)
    if (kind === 'array') values[name] = query.getAll(name)
    else {
      const text = query.get(name) ?? ''
      values[name] = kind === 'number' && /^\d{1,16}$/.test(text) ? Number(text) : text
    }
  }
  return values
}

/** The field's type under its optional or default wrapper. */
function kindOf(field: z.core.$ZodType): string {
  const def = field._zod.def as {type: string; innerType?: z.core.$ZodType}
  return (def.type === 'optional' || def.type === 'default') && def.innerType ? kindOf(def.innerType) : def.type
}
