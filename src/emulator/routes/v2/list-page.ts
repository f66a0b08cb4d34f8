import {type CursorPage, cursorPage, type Position} from '../../domain/page-cursor.js'
import {ok} from '../../http/request-context.js'
import type {Store} from '../../store/index.js'
import type {KeysetPage} from '../../store/keyset-page.js'

/**
 * The answer of a v2 cursor list (payouts, counterparties, transactions): the page the query's cursor and limit
 * name, its cursors signed with the database's secret.
 */
export const listPage = <Row>(
  store: Store,
  query: {cursor?: string; limit: number},
  page: Omit<CursorPage<Row>, 'cursor' | 'limit' | 'secret'>,
) => ok(cursorPage({...page, cursor: query.cursor, limit: query.limit, secret: store.secret()}))

/** A cursor's position as a store's keyset page starts after it, its tie-breaker read as the list's column holds it. */
export const keysetAfter = <Tie extends string | number>(
  after: Position | undefined,
  tie: (value: string | number) => Tie,
): KeysetPage<Tie>['after'] => (after ? {createdAt: after[0], tie: tie(after[1])} : undefined)
