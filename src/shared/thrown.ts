/**
 * What can be read of anything thrown, without trusting it to be an Error: a `catch` gets `unknown` (a library may
 * throw a string, an object of another realm, or nothing at all).
 */

/** The system error code of a failure (ENOENT, EEXIST, ECONNRESET...), or undefined. */
export function errnoCode(thrown: unknown): string | undefined {
  const code = typeof thrown === 'object' && thrown !== null && 'code' in thrown ? thrown.code : undefined
  return typeof code === 'string' ? code : undefined
}

/** A failure's message, or what was thrown as text when it has none. */
export function messageOf(thrown: unknown): string {
  const message = typeof thrown === 'object' && thrown !== null && 'message' in thrown ? thrown.message : undefined
  return typeof message === 'string' ? message : String(thrown)
}

/** What a failure says caused it (an Error's `cause`), or undefined. */
export function causeOf(thrown: unknown): unknown {
  return typeof thrown === 'object' && thrown !== null && 'cause' in thrown ? thrown.cause : undefined
}
