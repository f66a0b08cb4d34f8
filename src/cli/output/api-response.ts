import type {ApiPages, ApiResponse} from '../../operations/raw/raw-request.js'
import {type Shown, shown} from '../shown.js'
import {type ItemStream, listed} from './item-stream.js'
import type {Output} from './output.js'

/** `api -i`: the status line and the response headers, then an empty line. */
export function printHeaders(out: Output, response: ApiResponse): void {
  out.write(`HTTP ${response.status}\n`)
  for (const [name, value] of Object.entries(response.headers))
    for (const item of Array.isArray(value) ? value : [value ?? '']) out.write(`${name}: ${item}\n`)
  out.write('\n')
}

/**
 * `api` without --paginate: the result is the response body, shown as it came (text), or JSON through
 * --jq/--template/--fields like every command; -i puts the status line and headers first.
 */
export function shownResponse(response: ApiResponse, include: boolean): Shown<unknown> {
  const print = (body: unknown, out: Output) => {
    if (include) printHeaders(out, response)
    if (typeof body === 'string') out.write(`${body}\n`)
    else if (body !== undefined) out.printJson(body)
  }
  return shown(response.body, {view: print, json: print})
}

/**
 * `api --paginate`: each item of every page as one JSON line (with -i, each page's headers before its items);
 * Ctrl-C or SIGTERM cancels the page being read, and the run ends saying where to continue (exit 130, 143 after
 * SIGTERM).
 */
export function shownPages(out: Output, pages: ApiPages, include: boolean): ItemStream<unknown> {
  if (include) pages.onResponse = response => printHeaders(out, response)
  return listed(pages, {columns: [], format: 'jsonl'})
}
