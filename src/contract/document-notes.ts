import * as z from 'zod/mini'

/**
 * What the OpenAPI document says of a schema beyond its zod shape: the character bounds of text fields, today's
 * closed set of an open answer field (`enum`), `deprecated`. Only openapi-document.ts reads this registry, so
 * payctl's own published schemas (MCP tools, `--schema`) keep answers open (spec 9).
 */
export const documentNotes = z.registry<Record<string, unknown>>()

/** Adds `notes` to what the document says of `schema`, and answers the schema. */
export function noted<Schema extends z.core.$ZodType>(schema: Schema, notes: Record<string, unknown>): Schema {
  documentNotes.add(schema, {...documentNotes.get(schema), ...notes})
  return schema
}
