import type {ApiResponse} from '../../client/transport.js'
import {withWaitLimits} from '../../client/waits.js'
import type {StreamedItems} from '../../contract/results/index.js'
import {apiPages, pageItems, type Query} from '../../services/api/paginate.js'
import {READ_CANCELLED, watchInterrupts} from '../interrupt.js'
import {ListedItems} from './listed-items.js'
import type {Output} from './output.js'

/** `api -i`: the status line and the response headers, then an empty line. */
export function printHeaders(out: Output, response: ApiResponse): void {
  out.write(`HTTP ${response.status}\n`)
  for (const [name, value] of Object.entries(response.headers))
    for (const item of Array.isArray(value) ? value : [value ?? '']) out.write(`${name}: ${item}\n`)
  out.write('\n')
}

/** The response body: text as it came, JSON through --jq/--template/--fields like every command. Returns the body. */
export function printResponse(out: Output, response: ApiResponse, include: boolean): unknown {
  if (include) printHeaders(out, response)
  if (typeof response.body === 'string') out.write(`${response.body}\n`)
  else if (response.body !== undefined) out.printJson(response.body)
  return response.body
}

/**
 * `api --paginate`: each item of every page as one JSON line; Ctrl-C or SIGTERM cancels the page being read (and any
 * retry wait), and the run ends saying where to continue (exit 130, 143 after SIGTERM).
 * Returns the items in a run for data, else their count (memory stays flat).
 */
export async function printPages(
  out: Output,
  send: (query: Query) => Promise<ApiResponse>,
  start: Query,
  include: boolean,
): Promise<unknown[] | StreamedItems> {
  const interrupts = watchInterrupts({notice: READ_CANCELLED})
  const listed = new ListedItems<unknown>(out)
  try {
    await withWaitLimits({signal: interrupts.signal}, async () => {
      for await (const response of apiPages(send, start, interrupts.signal)) {
        if (include) printHeaders(out, response)
        const items = pageItems(response.body)
        for (const item of items) out.jsonLine(item)
        listed.add(items)
      }
    })
    return listed.result()
  } finally {
    interrupts.dispose()
  }
}
