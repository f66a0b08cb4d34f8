import {createHash} from 'node:crypto'
import {uuidFromHex} from '../../../contract/ids.js'

/**
 * Keys an import derives so that a re-run can never create a second payout: the file's content hash and each
 * chunk's idempotency key (the target: services/payouts/target-key.ts; row identities: payout-identity.ts).
 */

/** SHA-256 of the file's bytes, fed chunk by chunk while the file is read. */
export function fileHasher(): {update(chunk: Buffer): void; digest(): string} {
  const hash = createHash('sha256')
  return {update: chunk => hash.update(chunk), digest: () => hash.digest('hex')}
}

/**
 * The idempotency key of a chunk: from the target, the request (API, andThen) and the identity and content
 * of its rows, so a re-run (or a re-saved file) sending the same rows again makes the service replay its
 * first answer (for 24 hours) instead of creating them again. UUID-shaped, as the spec recommends.
 */
export function chunkIdempotencyKey(
  target: string,
  request: string,
  rows: ReadonlyArray<{customId: string; content: string}>,
): string {
  // One text hashed at once: a call into the hash per row costs more than the hashing of its bytes.
  let text = `payctl-import\n${target}\n${request}\n`
  for (const row of rows) text += `${row.customId}\t${row.content}\n`
  return uuidFromHex(createHash('sha256').update(text).digest('hex'))
}
