import {createHash} from 'node:crypto'

/**
 * Where payouts go: the profile's name and a digest of its origin (PAYCTL_ORIGIN can point one profile elsewhere).
 * The key of the import's journals and idempotency keys, and of the keys kept for re-runs (kept-keys.ts).
 */
export const targetKey = (profile: string, origin: string) =>
  `${profile}-${createHash('sha256').update(origin).digest('hex').slice(0, 8)}`
