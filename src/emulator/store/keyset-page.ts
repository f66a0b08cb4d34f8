/**
 * One page of a list newest first, by creation time and then a tie-breaker column (a seq, a uuid, an id): the rows
 * after `after`, at most `limit` of them. The stores' page statements take its named parameters (`keysetParams`).
 */
export interface KeysetPage<Tie extends string | number> {
  after?: {createdAt: string; tie: Tie}
  limit: number
}

/** A page's `@afterCreated`, `@afterTie` and `@limit`. */
export const keysetParams = <Tie extends string | number>(page: KeysetPage<Tie>) => ({
  afterCreated: page.after?.createdAt ?? null,
  afterTie: page.after?.tie ?? null,
  limit: page.limit,
})
