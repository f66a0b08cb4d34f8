import * as z from 'zod/mini'
import {noted} from '../document-notes.js'

/**
 * What the answer schemas (this folder) are made of. They are loose on purpose (spec section 9): unknown fields are
 * kept, enum-like fields accept any string, and only identifiers are required.
 */

export const text = z.optional(z.string())

/**
 * A string the parser takes whatever it holds (spec 9: a new value is not a breaking change) and the document
 * lists as today's closed set, so that a generated client's types name every value.
 */
export function known(values: readonly string[]) {
  return z.optional(noted(z.string(), {enum: [...values]}))
}

/** A field the spec deprecates (section 9): still answered, marked `deprecated` in the document. */
export function deprecated(instead: string) {
  return z.optional(noted(z.string(), {deprecated: true, description: `Deprecated (spec 9): use ${instead}.`}))
}
export const timestamp = z.optional(z.string())
export const decimal = z.optional(z.string())
export const flag = z.optional(z.boolean())
export const strings = z.optional(z.array(z.string()))

/** The v2 list envelope; transactions (and payouts) add cursors. */
export const listOf = <T extends z.ZodMiniType>(item: T) =>
  z.looseObject({
    object: text,
    data: z.array(item),
    hasMore: flag,
    nextCursor: z.nullish(z.string()),
  })
export type ListEnvelope<T> = {object?: string; data: T[]; hasMore?: boolean; nextCursor?: string | null}
