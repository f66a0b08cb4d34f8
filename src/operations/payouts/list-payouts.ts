import type {PayoutClient} from '../../client/index.js'
import type {PayoutV1, PayoutV2} from '../../client/schemas.js'
import {filterPages, type PayoutFilter} from '../../services/payouts/payout-filters.js'
import {withDeclinedStates} from '../../services/payouts/v1-declined.js'
import {READ_CANCELLED} from '../interrupt.js'
import type {ItemSource} from '../item-source.js'
import {cursorItems} from '../lists/cursor-items.js'
import {offsetItems} from '../lists/offset-items.js'
import type {Reporter} from '../reporter.js'
import {withPayoutId} from './payout-display-id.js'

export interface ListPayoutsOptions {
  report: Reporter
  client: PayoutClient
  /** undefined: every page (--all). */
  limit?: number
  all: boolean
  cursor?: string
  offset?: number
  order?: 'asc' | 'desc'
  status?: string[]
  filter?: PayoutFilter
}

/** Payouts of one generation, as the list reads them. */
export type ListedPayouts = (ItemSource<PayoutV2> & {api: 'v2'}) | (ItemSource<PayoutV1> & {api: 'v1'})

/** Every page of a v1 list with each payout's id in the one form. */
async function* shownV1(pages: AsyncIterable<PayoutV1[]>): AsyncIterable<PayoutV1[]> {
  for await (const page of pages) yield page.map(withPayoutId)
}

const emptyText = (filter: PayoutFilter | undefined) => (filter ? 'No payouts match.' : 'No payouts.')

/**
 * `payouts list` on v2: the cursor list with the client-side filters applied per page. Ctrl-C or SIGTERM also ends
 * a Retry-After sleep of the page in flight.
 */
export function listPayoutsV2(options: ListPayoutsOptions): ItemSource<PayoutV2> {
  const {report, client, filter} = options
  return cursorItems<PayoutV2>({
    report,
    all: options.all,
    cursor: options.cursor,
    empty: emptyText(filter),
    command: 'payouts list',
    interrupts: {notice: READ_CANCELLED, write: line => report.stderr(line)},
    pages: position =>
      filterPages(client.v2.payouts.pages({...position, limit: options.limit, status: options.status}), filter),
  })
}

/** `payouts list` on v1: the offset list with the client-side filters applied per page. */
export function listPayoutsV1(options: ListPayoutsOptions): ItemSource<PayoutV1> {
  const {report, client, limit, filter} = options
  const counter = {read: 0}
  const offset = options.offset ?? 0
  const order = options.order ?? 'desc'
  return offsetItems<PayoutV1>({
    offset,
    order,
    interrupts: {notice: READ_CANCELLED, write: line => report.stderr(line)},
    pages: () =>
      shownV1(
        withDeclinedStates(
          filterPages(client.v1.payouts.pages({offset, limit, orderDirection: order}), filter, counter),
          client,
        ),
      ),
    read: () => counter.read,
    empty: emptyText(filter),
    note: text => report.note(text),
  })
}
