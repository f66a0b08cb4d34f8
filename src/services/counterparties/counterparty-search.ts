import type {Counterparty} from '../../client/schemas.js'
import {destinationOf} from '../../contract/destination.js'

/**
 * How many of the newest counterparties a search reads at most: the list has no query parameter to search by (spec
 * 4.4b), so the search reads the list once and filters what it read.
 */
export const SEARCH_READ_LIMIT = 500

/** The counterparties a search looks through: the newest ones, and whether that was the whole list. */
export interface SearchedList {
  counterparties: Counterparty[]
  complete: boolean
}

/** Reads the newest counterparties, at most `limit`, from the list's pages (newest first). */
export async function readForSearch(
  pages: (limit: number) => AsyncIterable<readonly Counterparty[]>,
  limit = SEARCH_READ_LIMIT,
): Promise<SearchedList> {
  const counterparties: Counterparty[] = []
  for await (const page of pages(limit)) {
    counterparties.push(...page)
    if (counterparties.length >= limit) break
  }
  return {counterparties: counterparties.slice(0, limit), complete: counterparties.length < limit}
}

/** A counterparty's name as a person reads it: the business name, else first and last names. */
export function counterpartyName(counterparty: Counterparty): string {
  const identity = counterparty.identity
  const business = identity?.businessName
  const person = [identity?.firstName, identity?.lastName].filter(Boolean).join(' ')
  return (typeof business === 'string' && business) || person || counterparty.id
}

/** What a search compares the query with: name, e-mail, customId and id. */
const searchedText = (counterparty: Counterparty) =>
  [counterpartyName(counterparty), counterparty.email, counterparty.customId, counterparty.id]
    .filter(Boolean)
    .join(' ')
    .toLowerCase()

/** The counterparties whose name, e-mail, customId or id contains every word of `query` (any case), in list order. */
export function matchCounterparties(
  counterparties: readonly Counterparty[],
  query: string | undefined,
): Counterparty[] {
  const words = (query ?? '').toLowerCase().split(' ').filter(Boolean)
  return counterparties.filter(counterparty => {
    const text = searchedText(counterparty)
    return words.every(word => text.includes(word))
  })
}

/** One line naming a counterparty in a search: its name, then where its money goes (the destination line). */
export const searchLine = (counterparty: Counterparty): string =>
  `${counterpartyName(counterparty)}: ${destinationOf({counterpartyId: counterparty.id}, counterparty).line}`
