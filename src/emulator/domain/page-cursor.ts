import {createHash} from 'node:crypto'
import {invalidField} from '../http/api-failure.js'
import {decodeSigned, encodeSigned} from './signed-blobs.js'

/**
 * Opaque v2 list cursors: a signed blob holding the position (sort key of the last item) and a hash of the
 * list's filters, so a cursor only continues the list it came from. Clients never build or decode them.
 */

export type Position = [createdAt: string, tieBreaker: string | number]

const PURPOSE = 'cursor'

const filtersHash = (list: string, filters: unknown) =>
  createHash('sha256')
    .update(`${list}:${JSON.stringify(filters)}`)
    .digest('base64url')
    .slice(0, 16)

export function encodeCursor(list: string, filters: unknown, position: Position, secret: string): string {
  return encodeSigned({l: list, f: filtersHash(list, filters), p: position}, secret, PURPOSE)
}

export function decodeCursor(cursor: string, list: string, filters: unknown, secret: string): Position {
  const value = decodeSigned(cursor, secret, PURPOSE) as {l?: string; f?: string; p?: Position} | undefined
  if (!value || value.l !== list || !Array.isArray(value.p))
    throw invalidField('cursor', 'is not a cursor of this list; pass nextCursor from the previous page unchanged')
  if (value.f !== filtersHash(list, filters))
    throw invalidField('cursor', 'belongs to the same list with other filters; keep the filters while paging')
  return value.p
}

/** Builds the list envelope from `limit + 1` fetched rows. */
export function envelope<Row>(
  rows: Row[],
  limit: number,
  view: (row: Row) => unknown,
  next: (last: Row) => string,
): {object: 'list'; data: unknown[]; hasMore: boolean; nextCursor?: string} {
  const hasMore = rows.length > limit
  const page = hasMore ? rows.slice(0, limit) : rows
  const body: {object: 'list'; data: unknown[]; hasMore: boolean; nextCursor?: string} = {
    object: 'list',
    data: page.map(view),
    hasMore,
  }
  if (hasMore) body.nextCursor = next(page[page.length - 1])
  return body
}
