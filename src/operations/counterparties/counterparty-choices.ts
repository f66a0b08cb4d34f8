import {readForSearch, type SearchedList} from '../../services/counterparties/counterparty-search.js'
import type {Session} from '../session.js'

/**
 * The counterparties a person searches to choose whom a payout goes to (an interactive `payouts create`): the newest
 * ones, read once and bounded (src/services/counterparties/counterparty-search.ts).
 */
export async function counterpartiesToSearch(session: Session): Promise<SearchedList> {
  const client = await session.client()
  return readForSearch(limit => client.v2.counterparties.pages({limit}))
}
