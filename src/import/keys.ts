import {createHash} from 'node:crypto'

/**
 * Everything an import derives so that a re-run can never create a second payout: the file's content
 * hash, the customId of rows that have none, the target (profile) key, and each chunk's idempotency key.
 */

/** SHA-256 of the file's bytes, fed chunk by chunk while the file is read. */
export function fileHasher(): {update(chunk: Buffer): void; digest(): string} {
  const hash = createHash('sha256')
  return {update: chunk => hash.update(chunk), digest: () => hash.digest('hex')}
}

/** A row without customId gets one from the file's content and its line: the same file gives the same ids. */
export const derivedCustomId = (fileHash: string, line: number) => `csv-${fileHash.slice(0, 16)}-${line}`

/** Where the payouts go: the profile's name and origin (PAYCTL_ORIGIN can point one profile elsewhere). */
export const targetKey = (profile: string, origin: string) =>
  `${profile}-${createHash('sha256').update(origin).digest('hex').slice(0, 8)}`

/**
 * The idempotency key of chunk `chunk` (1-based) of this file for this target: the same on every re-run, so
 * the service replays a chunk it already applied (for 24 hours) instead of creating it again. UUID-shaped,
 * as the spec recommends.
 */
export function chunkIdempotencyKey(fileHash: string, target: string, chunk: number): string {
  const hex = createHash('sha256').update(`payctl-import\n${fileHash}\n${target}\n${chunk}`).digest('hex')
  const variant = ((Number.parseInt(hex[16], 16) & 0x3) | 0x8).toString(16)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}
