/** A list of one item at least, as zod's unions and enums take it; an empty list is the code's own mistake. */
export function nonEmpty<T>(list: readonly T[]): [T, ...T[]] {
  const [first, ...rest] = list
  if (list.length === 0) throw new Error('a list this code made sure of is empty')
  return [first, ...rest]
}
