/** A JSON object as a request or a stored column holds it. */
export type Json = Record<string, unknown>

export const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
