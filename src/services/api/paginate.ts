import type {ApiResponse} from '../../client/transport.js'
import {walkGuard} from '../../client/walk-limits.js'
import {interruptedError, type PayctlError} from '../../shared/errors.js'
import {fieldOf} from '../../shared/json-object.js'

export type Query = Record<string, string[]>

const V1_PAGE = 100

/**
 * `api --paginate`: follows a v1 offset list (a JSON array: offset/limit, until a short page) or a v2 list
 * envelope (`hasMore`/`nextCursor`), one response at a time. Anything else is a single page. Without a
 * `limit` in the query, pages of 100 (the largest both generations allow) are asked for. The walk stops at the
 * page and time limits of src/client/walk-limits.ts.
 */
export async function* apiPages(
  send: (query: Query) => Promise<ApiResponse>,
  start: Query,
  signal?: AbortSignal,
): AsyncGenerator<ApiResponse> {
  let query: Query | undefined = start.limit ? start : {...start, limit: [String(V1_PAGE)]}
  const guard = walkGuard()
  for (let page = 1; query; page++) {
    const asked: Query = query
    guard.beforePage()
    const response = await send(asked).catch(error => {
      throw signal?.aborted ? pagesInterrupted(page - 1, asked) : error
    })
    yield response
    query = nextQuery(response.body, query)
    if (query && signal?.aborted) throw pagesInterrupted(page, query)
  }
}

/**
 * Ctrl-C between pages or during one (its read is cancelled, nothing of it printed): the pages printed are whole;
 * the hint is the query field that asks for the next one.
 */
function pagesInterrupted(page: number, next: Query): PayctlError {
  const field = next.cursor ? `cursor=${next.cursor[0]}` : `offset=${next.offset?.[0] ?? 0}`
  if (page === 0) return interruptedError('interrupted while the first page was read; nothing was printed')
  return interruptedError(`interrupted after page ${page} (every item of it was printed)`, [
    `print the rest by adding -f ${field} to the same command`,
  ])
}

function nextQuery(body: unknown, query: Query): Query | undefined {
  if (Array.isArray(body)) {
    const limit = Number(query.limit?.[0] ?? V1_PAGE)
    if (body.length === 0 || body.length < limit) return undefined
    return {...query, offset: [String(Number(query.offset?.[0] ?? 0) + body.length)]}
  }
  const nextCursor = fieldOf(body, 'nextCursor')
  if (fieldOf(body, 'hasMore') === true && typeof nextCursor === 'string' && nextCursor)
    return {...query, cursor: [nextCursor]}
  return undefined
}

/** The items of one page: the array itself, an envelope's `data`, or the body as the only item. */
export function pageItems(body: unknown): unknown[] {
  if (Array.isArray(body)) return body
  const data = fieldOf(body, 'data')
  return Array.isArray(data) ? data : body === undefined ? [] : [body]
}
