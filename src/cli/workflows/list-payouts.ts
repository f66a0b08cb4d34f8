import {type PayoutClient, withWaitLimits} from '../../client/index.js'
import type {PayoutV1, PayoutV2} from '../../client/schemas.js'
import type {StreamedItems} from '../../contract/results/index.js'
import {filterPages, type PayoutFilter} from '../../services/payouts/payout-filters.js'
import {READ_CANCELLED, watchInterrupts} from '../interrupt.js'
import {writeCursorList} from '../output/cursor-list.js'
import {keptPages, ListedItems} from '../output/listed-items.js'
import {writeOffsetList} from '../output/offset-list.js'
import type {ListFormat, Output} from '../output/output.js'
import {payoutV1Columns, payoutV2Columns, withPayoutId} from '../output/payout-view.js'

export interface ListPayoutsOptions {
  out: Output
  client: PayoutClient
  api: 'v1' | 'v2'
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

/**
 * `payouts list`: the v1 offset list or the v2 cursor list, with the client-side filters applied per page. The
 * pages are written as they come; the result is the payouts listed in a run for data, else their count.
 */
export async function listPayouts(options: ListPayoutsOptions): Promise<Array<PayoutV2 | PayoutV1> | StreamedItems> {
  const {out, client, limit, filter} = options
  const listed = new ListedItems<PayoutV2 | PayoutV1>(out)
  const interrupts = watchInterrupts({
    notice: READ_CANCELLED,
    write: line => out.stderr(line),
  })
  const counter = {read: 0}
  try {
    // Ctrl-C or SIGTERM also ends a Retry-After sleep of the page in flight.
    const written = await withWaitLimits({signal: interrupts.signal}, async () =>
      options.api === 'v2'
        ? await writeCursorList({
            out,
            columns: payoutV2Columns,
            format: options.format,
            all: options.all,
            cursor: options.cursor,
            jsonErrors: options.jsonErrors,
            signal: interrupts.signal,
            pages: position =>
              keptPages(
                filterPages(client.v2.payouts.pages({...position, limit, status: options.status}), filter),
                listed,
              ),
          })
        : await writeOffsetList({
            out,
            columns: payoutV1Columns,
            format: options.format,
            offset: options.offset ?? 0,
            order: options.order ?? 'desc',
            signal: interrupts.signal,
            pages: keptPages(
              filterPages(
                client.v1.payouts.pages({offset: options.offset ?? 0, limit, orderDirection: options.order ?? 'desc'}),
                filter,
                counter,
              ),
              listed,
              withPayoutId,
            ),
            read: () => counter.read,
          }),
    )
    if (written === 0) out.note(filter ? 'No payouts match.' : 'No payouts.')
    return listed.result()
  } finally {
    interrupts.dispose()
  }
}
