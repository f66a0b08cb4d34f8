import {HostileAnswerError} from './api-errors.js'
import type {ListEnvelope} from './schemas.js'
import {walkGuard} from './walk-limits.js'

export interface PageLimit {
  /** Stop after this many items in total (undefined: follow every page). */
  limit?: number
}

/**
 * Follows v1 offset pages lazily: one page in memory at a time, stops at a short page or at `limit`. A full page
 * with the same ids as the one before it (a service or proxy that ignores the offset) ends the list with an error
 * rather than looping. Every walk stops at the page and time limits of walk-limits.ts.
 */
export async function* paginateOffset<T extends {id: string}>(
  fetchPage: (offset: number, pageSize: number) => Promise<T[]>,
  options: PageLimit & {offset?: number; pageSize?: number} = {},
): AsyncGenerator<T[]> {
  const pageSize = options.pageSize ?? 100
  let offset = options.offset ?? 0
  let remaining = options.limit ?? Number.POSITIVE_INFINITY
  let previousIds = ''
  const guard = walkGuard()
  while (remaining > 0) {
    const size = Math.min(pageSize, remaining)
    guard.beforePage()
    const page = await fetchPage(offset, size)
    const ids = page.map(item => item.id).join(',')
    if (page.length && ids === previousIds)
      throw new HostileAnswerError(
        `the service answered the page at offset ${offset} with the same ${page.length} items as the page before (from ${page[0].id}); the list was stopped there`,
      )
    previousIds = ids
    const items = page.slice(0, remaining)
    if (items.length) yield items
    remaining -= items.length
    offset += page.length
    if (page.length < size) return
  }
}

/** Where a cursor list stands: after the last page fetched, whether more follows and the cursor to it. */
export interface CursorPosition {
  hasMore: boolean
  nextCursor?: string
}

export interface CursorPageOptions extends PageLimit {
  pageSize?: number
  /** Start at this cursor (a `nextCursor` of an earlier run) instead of the first page. */
  cursor?: string
  /** Called with each page's position before its items are yielded (to resume or report it). */
  onPage?(position: CursorPosition): void
}

/**
 * Follows v2 cursor pages lazily; the cursor is opaque (never built or decoded). A `nextCursor` the list already
 * gave (or started from) would repeat pages forever: it ends the list with an error naming it.
 */
export async function* paginateCursor<T>(
  fetchPage: (cursor: string | undefined, pageSize: number) => Promise<ListEnvelope<T>>,
  options: CursorPageOptions = {},
): AsyncGenerator<T[]> {
  const pageSize = options.pageSize ?? 100
  let remaining = options.limit ?? Number.POSITIVE_INFINITY
  let cursor = options.cursor
  const used = new Set<string>(cursor === undefined ? [] : [cursor])
  const guard = walkGuard()
  while (remaining > 0) {
    guard.beforePage()
    const page = await fetchPage(cursor, Math.min(pageSize, remaining))
    const items = page.data.slice(0, remaining)
    const next = page.hasMore ? page.nextCursor : undefined
    const hasMore = Boolean(next)
    const repeated = Boolean(next && used.has(next))
    if (next) used.add(next)
    options.onPage?.({hasMore, nextCursor: hasMore ? (page.nextCursor ?? undefined) : undefined})
    if (items.length) yield items
    remaining -= items.length
    if (!hasMore) return
    if (repeated && remaining > 0)
      throw new HostileAnswerError(
        `the service gave the cursor ${JSON.stringify(page.nextCursor)} a second time; the list was stopped before repeating its pages`,
      )
    cursor = page.nextCursor ?? undefined
  }
}

/** Splits ids (or items) into batches of at most `size` (the API's batch limit is 100). */
export function chunk<T>(items: readonly T[], size = 100): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}
