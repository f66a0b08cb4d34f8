/**
 * Variance mode's cursors: the emulator's own cursor wrapped in a long standard-base64 token that always holds
 * `+`, `/` and `=` (spec 4.5b: cursors are opaque). A client that does not URL-encode it, or trims or decodes
 * it, sends a cursor that no longer unwraps and gets the emulator's usual 400 for a foreign cursor.
 */

/** Bytes whose base64 is `+/+/`: every wrapped cursor starts with them. */
const MARK = Buffer.from([0xfb, 0xff, 0xbf])
const END = 0x00
/** Filler so that the token is long (over 300 characters), as real opaque cursors can be. */
const FILLER_BYTES = 240

export function wrapCursor(cursor: string): string {
  const inner = Buffer.from(cursor, 'utf8')
  const filler = Buffer.alloc(FILLER_BYTES, 0xfe)
  let bytes = Buffer.concat([MARK, inner, Buffer.from([END]), filler])
  // A length that is not a multiple of 3 ends the token with `=` padding.
  if (bytes.length % 3 === 0) bytes = Buffer.concat([bytes, Buffer.from([0xfe])])
  return bytes.toString('base64')
}

/** The emulator's cursor inside a wrapped one; undefined when the token is not (or no longer) a wrapped cursor. */
export function unwrapCursor(token: string): string | undefined {
  if (!/^[A-Za-z0-9+/]+=*$/.test(token)) return undefined
  const bytes = Buffer.from(token, 'base64')
  if (bytes.length <= MARK.length || !bytes.subarray(0, MARK.length).equals(MARK)) return undefined
  const end = bytes.indexOf(END, MARK.length)
  if (end < 0 || bytes.toString('base64') !== token) return undefined
  return bytes.subarray(MARK.length, end).toString('utf8')
}
