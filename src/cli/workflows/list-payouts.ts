import {type PayoutClient, withWaitLimits} from '../../client/index.js'
import {filterPages, type PayoutFilter} from '../../services/payouts/payout-filters.js'
import {PAGE_STOPPING, watchInterrupts} from '../interrupt.js'
import {writeCursorList} from '../output/cursor-list.js'
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

/** `payouts list`: the v1 offset list or the v2 cursor list, with the client-side filters applied per page. */
export async function listPayouts(options: ListPayoutsOptions): Promise<void> {
  const {out, client, limit, filter} = options
  const interrupts = watchInterrupts({
    notice: PAGE_STOPPING,
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
              filterPages(client.v2.payouts.pages({...position, limit, status: options.status}), filter),
          })
        : await writeOffsetList({
            out,
            columns: payoutV1Columns,
            format: options.format,
            offset: options.offset ?? 0,
            shown: withPayoutId,
            signal: interrupts.signal,
            pages: filterPages(
              client.v1.payouts.pages({
                offset: options.offset ?? 0,
                limit,
                orderDirection: options.order ?? 'desc',
              }),
              filter,
              counter,
            ),
            read: () => counter.read,
          }),
    )
    if (written === 0) out.info(filter ? 'No payouts match.' : 'No payouts.')
  } finally {
    interrupts.dispose()
  }
}
