/** A JSON object as parsed: any keys, values not yet read. */
export type JsonObject = Record<string, unknown>

/** An object (not an array, not null), whose fields may be read. */
export const isJsonObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The object, or undefined when the value is none. */
export const asJsonObject = (value: unknown): JsonObject | undefined => (isJsonObject(value) ? value : undefined)

/** One field of a value, or undefined when the value is no object. */
export const fieldOf = (value: unknown, key: string): unknown => (isJsonObject(value) ? value[key] : undefined)
