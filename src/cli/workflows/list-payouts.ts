import type {PayoutClient} from '../../client/index.js'
import type {PayoutV1, PayoutV2} from '../../client/schemas.js'
import type {ApiGeneration} from '../../contract/primitives.js'
import {filterPages, type PayoutFilter} from '../../services/payouts/payout-filters.js'
import {withDeclinedStates} from '../../services/payouts/v1-declined.js'
import {READ_CANCELLED} from '../interrupt.js'
import type {ListFormat} from '../output/columns.js'
import {cursorStream} from '../output/cursor-list.js'
import type {ItemStream} from '../output/item-stream.js'
import {offsetStream} from '../output/offset-list.js'
import type {Output} from '../output/output.js'
import {payoutV1Columns, payoutV2Columns, withPayoutId} from '../output/payout-view.js'

export interface ListPayoutsOptions {
  out: Output
  client: PayoutClient
  api: ApiGeneration
  format?: ListFormat
  /** undefined: every page (--all). */
  limit?: number
  all: boolean
  cursor?: string
  offset?: number
  order?: 'asc' | 'desc'
  status?: string[]
  filter?: PayoutFilter
  jsonErrors: boolean
}

/** Every page of a v1 list with each payout's id in the one form. */
async function* shownV1(pages: AsyncIterable<PayoutV1[]>): AsyncIterable<PayoutV1[]> {
  for await (const page of pages) yield page.map(withPayoutId)
}

/**
 * `payouts list`: the v1 offset list or the v2 cursor list, with the client-side filters applied per page, as a
 * stream the base command writes page by page. Ctrl-C or SIGTERM also ends a Retry-After sleep of the page in flight.
 */
export function listPayouts(options: ListPayoutsOptions): ItemStream<PayoutV2> | ItemStream<PayoutV1> {
  const {out, client, limit, filter} = options
  const interrupts = {notice: READ_CANCELLED, write: (line: string) => out.stderr(line)}
  const empty = filter ? 'No payouts match.' : 'No payouts.'
  if (options.api === 'v2')
    return cursorStream<PayoutV2>({
      out,
      columns: payoutV2Columns,
      format: options.format,
      all: options.all,
      cursor: options.cursor,
      jsonErrors: options.jsonErrors,
      empty,
      command: 'payouts list',
      interrupts,
      pages: position => filterPages(client.v2.payouts.pages({...position, limit, status: options.status}), filter),
    })
  const counter = {read: 0}
  const offset = options.offset ?? 0
  const order = options.order ?? 'desc'
  return offsetStream<PayoutV1>({
    columns: payoutV1Columns,
    format: options.format,
    offset,
    order,
    interrupts,
    pages: () =>
      shownV1(
        withDeclinedStates(
          filterPages(client.v1.payouts.pages({offset, limit, orderDirection: order}), filter, counter),
          client,
        ),
      ),
    read: () => counter.read,
    empty,
    note: text => out.note(text),
  })
}
