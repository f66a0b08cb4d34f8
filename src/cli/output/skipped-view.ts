import type {Skipped} from '../../services/payouts/allowed-plan.js'
import type {Output} from './output.js'

/**
 * The payouts --skip-conflicts or --within-balance left out, on stderr (stdout keeps the payouts the step applied
 * to): one line each with its state and reason, or under --json one object `{"skipped": [{id, status, kind, reason}]}`.
 */
export function showSkipped(out: Output, skipped: readonly Skipped[], json: boolean): void {
  if (json) {
    out.detail({skipped})
    return
  }
  if (!skipped.length) return
  out.stderr(`Skipped ${skipped.length} payout${skipped.length === 1 ? '' : 's'}:`)
  for (const s of skipped) out.stderr(`  ${s.id}  ${s.status ?? '-'}  ${s.kind}: ${s.reason}`)
}
