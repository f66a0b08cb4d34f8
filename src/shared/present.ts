/**
 * A value the code has made sure of just before (a key it set in a map, the row of a fixed table, a field its
 * caller checked): the value, or an error that says the code broke its own rule, where `!` would let undefined on.
 */
export function present<T>(value: T | null | undefined): T {
  if (value === undefined || value === null) throw new Error('a value this code made sure of is missing')
  return value
}
