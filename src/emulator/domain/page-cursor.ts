import {createHash, createHmac, timingSafeEqual} from 'node:crypto'
import {invalidField} from '../http/api-failure.js'

/**
 * Opaque v2 list cursors: the position (sort key of the last item) and a short hash of the list's filters, signed,
 * so that a cursor only continues the list it came from. Clients never build or decode them. They are compact, as
 * a person copies them from a terminal: `<filters>.<time>.<tie-breaker>.<signature>`, about 30 to 70 characters
 * (variance mode makes them long on purpose).
 */

export type Position = [createdAt: string, tieBreaker: string | number]

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/
const URL_SAFE = /^[\w-]*$/
/** Signature characters: 60 bits, plenty for a local emulator's cursors. */
const SIGNATURE = 10

const filtersHash = (list: string, filters: unknown) =>
  createHash('sha256')
    .update(`${list}:${JSON.stringify(filters)}`)
    .digest('base64url')
    .slice(0, 5)

const sign = (list: string, body: string, secret: string) =>
  createHmac('sha256', secret).update(`cursor.${list}.${body}`).digest('base64url').slice(0, SIGNATURE)

/** A timestamp as base-36 milliseconds when that gives it back exactly, else its text. */
function packTime(createdAt: string): string {
  const ms = Date.parse(createdAt)
  if (!Number.isNaN(ms) && new Date(ms).toISOString() === createdAt) return `t${ms.toString(36)}`
  return `s${Buffer.from(createdAt).toString('base64url')}`
}

function unpackTime(packed: string): string {
  if (packed.startsWith('t')) return new Date(Number.parseInt(packed.slice(1), 36)).toISOString()
  return Buffer.from(packed.slice(1), 'base64url').toString('utf8')
}

/** A number in base 36; an id with its UUID in 22 characters (`transaction_…_out`); any other text encoded. */
function packTie(tie: string | number): string {
  if (typeof tie === 'number') return `n${tie.toString(36)}`
  const uuid = UUID.exec(tie)
  if (uuid && URL_SAFE.test(tie)) {
    const packed = Buffer.from(uuid[0].replaceAll('-', ''), 'hex').toString('base64url')
    return `u${tie.slice(0, uuid.index)}~${packed}~${tie.slice(uuid.index + uuid[0].length)}`
  }
  return `s${Buffer.from(tie).toString('base64url')}`
}

function unpackTie(packed: string): string | number {
  if (packed.startsWith('n')) return Number.parseInt(packed.slice(1), 36)
  if (packed.startsWith('u')) {
    const [before, uuid, after] = packed.slice(1).split('~')
    const hex = Buffer.from(uuid ?? '', 'base64url').toString('hex')
    const dashed = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
    return `${before}${dashed}${after ?? ''}`
  }
  return Buffer.from(packed.slice(1), 'base64url').toString('utf8')
}

export function encodeCursor(list: string, filters: unknown, position: Position, secret: string): string {
  const body = `${filtersHash(list, filters)}.${packTime(position[0])}.${packTie(position[1])}`
  return `${body}.${sign(list, body, secret)}`
}

export function decodeCursor(cursor: string, list: string, filters: unknown, secret: string): Position {
  const parts = cursor.split('.')
  const body = parts.slice(0, 3).join('.')
  const signature = Buffer.from(parts[3] ?? '')
  const expected = Buffer.from(sign(list, body, secret))
  if (parts.length !== 4 || signature.length !== expected.length || !timingSafeEqual(signature, expected))
    throw invalidField('cursor', 'is not a cursor of this list; pass nextCursor from the previous page unchanged')
  if (parts[0] !== filtersHash(list, filters))
    throw invalidField('cursor', 'belongs to the same list with other filters; keep the filters while paging')
  return [unpackTime(parts[1]), unpackTie(parts[2])]
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

/** One page of a cursor list, as its route answers it. */
export interface CursorPage<Row> {
  /** The list's name, in its cursors: a cursor of another list is refused. */
  list: string
  /** The filters the cursor was made under: a cursor of other filters is refused. */
  filters: unknown
  cursor?: string
  limit: number
  secret: string
  /** Up to `count` rows after the position (from the start without one). */
  read: (after: Position | undefined, count: number) => Row[]
  view: (row: Row) => unknown
  /** Where a row stands in the list, for the next page's cursor. */
  position: (row: Row) => Position
}

/** The page a cursor names: the rows after its position, one more read to know whether more follow. */
export function cursorPage<Row>(page: CursorPage<Row>) {
  const {list, filters, secret} = page
  const after = page.cursor ? decodeCursor(page.cursor, list, filters, secret) : undefined
  const rows = page.read(after, page.limit + 1)
  return envelope(rows, page.limit, page.view, last => encodeCursor(list, filters, page.position(last), secret))
}
