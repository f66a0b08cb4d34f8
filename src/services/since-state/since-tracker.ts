import {createHash} from 'node:crypto'
import {canonicalJson} from '../../shared/canonical-json.js'

/**
 * What an unattended run prints: an item whose fingerprint differs from the one the last successful run
 * recorded (or that it never saw). On the first run (no previous state) everything is new.
 */
export class SinceTracker {
  private readonly next = new Map<string, {fingerprint: string; createdAt?: string}>()

  constructor(private readonly previous: Record<string, string> | undefined) {}

  get first(): boolean {
    return this.previous === undefined
  }

  get count(): number {
    return this.next.size
  }

  /** Records the item; returns the fingerprint the last run had for it, and whether it is new or changed. */
  observe(id: string, fingerprint: string, createdAt?: string): {changed: boolean; previous?: string} {
    const previous = this.previous?.[id]
    // The same item twice in one run (a page shifted under us) is printed once.
    const already = this.next.get(id)
    this.next.set(id, {fingerprint, createdAt})
    if (already) return {changed: already.fingerprint !== fingerprint, previous: already.fingerprint}
    return {changed: previous !== fingerprint, previous}
  }

  /** The fingerprints to keep: all of them, or (a time window) those created at or after `keepFrom`. */
  seen(keepFrom?: string): Record<string, string> {
    const from = keepFrom === undefined ? undefined : Date.parse(keepFrom)
    const out: Record<string, string> = {}
    for (const [id, {fingerprint, createdAt}] of this.next)
      if (from === undefined || createdAt === undefined || Date.parse(createdAt) >= from) out[id] = fingerprint
    return out
  }
}

/** A document's content fingerprint: the first 16 hex digits of the SHA-256 of its JSON with sorted keys. */
export function contentFingerprint(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex').slice(0, 16)
}

/** The latest of two ISO timestamps (by instant, not by text). */
export function laterOf(a: string | undefined, b: string | undefined): string | undefined {
  if (b === undefined || Number.isNaN(Date.parse(b))) return a
  return a === undefined || Date.parse(b) > Date.parse(a) ? b : a
}
