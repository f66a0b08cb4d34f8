/** A JSON object as a request or a stored column holds it. */
export type Json = Record<string, unknown>

export const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/** The strings of a list a token or a row holds (none when it holds no list). */
export const stringsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
