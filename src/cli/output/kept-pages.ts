/**
 * The pages of a list as they come, each item also kept in `kept`: a list command streams its pages and returns
 * the items it listed.
 */
export async function* keepingItems<T>(pages: AsyncIterable<T[]>, kept: T[]): AsyncIterable<T[]> {
  for await (const page of pages) {
    kept.push(...page)
    yield page
  }
}
