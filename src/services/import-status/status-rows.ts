import type {PayoutClient} from '../../client/index.js'
import type {PayoutV2} from '../../client/schemas.js'
import {present} from '../../shared/present.js'
import {fetchOrGone} from '../payouts/wait.js'
import type {FileRow, FileRows} from './file-rows.js'
import {readPatiently} from './patient-read.js'
import {type StatusRow, skippedRow, statusRow} from './status-row.js'

/**
 * Every row of the file with its payout, in file order, 100 rows at a time. Payouts are read by the row's
 * customId (GET /api/v2/payouts/{customId}), `concurrency` requests in flight across up to four chunks, so
 * memory holds a few chunks whatever the file's size. Rate limits and 5xx are retried by the client
 * (Retry-After honoured), and a read whose retries ran out is tried again as polling does, until `readsWithinMs`
 * after the start.
 */
export async function* statusChunks(
  rows: FileRows,
  client: PayoutClient,
  options: {concurrency: number; readsWithinMs: number; signal?: AbortSignal},
): AsyncGenerator<Array<{row: StatusRow; payout?: PayoutV2; derived?: boolean}>> {
  const limit = limiter(options.concurrency)
  const patience = {deadline: Date.now() + options.readsWithinMs, signal: options.signal}
  const read = (row: FileRow) =>
    limit(() => readPatiently(() => fetchOrGone(() => client.v2.payouts.get(row.customId)), patience))
  const ahead: Array<Promise<Array<{row: StatusRow; payout?: PayoutV2; derived?: boolean}>>> = []
  const source = rows.chunks()
  const start = async () => {
    const next = await source.next()
    if (next.done) return false
    const chunk = next.value
    const pending = Promise.all(
      chunk.rows.map(async row => {
        const payout = await read(row)
        return {row: statusRow(row, payout), payout, derived: row.derived}
      }),
    ).then(joined => {
      const skipped = chunk.skipped.map(s => ({row: skippedRow(s)}))
      return [...joined, ...skipped].sort((a, b) => a.row.line - b.row.line)
    })
    pending.catch(() => undefined)
    ahead.push(pending)
    return true
  }
  let more = true
  while (more && ahead.length < 4) more = await start()
  while (ahead.length) {
    if (options.signal?.aborted) return
    const done = await present(ahead.shift())
    if (more) more = await start()
    yield done
  }
}

/** At most `n` of the given tasks run at once. */
function limiter(n: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0
  const queue: Array<() => void> = []
  const release = () => {
    active--
    queue.shift()?.()
  }
  return async task => {
    if (active >= n) await new Promise<void>(resolve => queue.push(resolve))
    active++
    try {
      return await task()
    } finally {
      release()
    }
  }
}
