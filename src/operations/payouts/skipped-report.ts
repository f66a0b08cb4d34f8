import type {Skipped} from '../../services/payouts/allowed-plan.js'
import type {Reporter} from '../reporter.js'

/**
 * The payouts --skip-conflicts or --within-balance left out, beside the payouts the step applied to: one line each
 * with its state and reason on stderr, or as JSON (--json, an agent) the detail `{"skipped": [{id, status, kind,
 * reason}]}`.
 */
export function reportSkipped(report: Reporter, skipped: readonly Skipped[]): void {
  if (report.jsonDetails) {
    report.detail({skipped})
    return
  }
  if (!skipped.length) return
  report.stderr(`Skipped ${skipped.length} payout${skipped.length === 1 ? '' : 's'}:`)
  for (const s of skipped) report.stderr(`  ${s.id}  ${s.status ?? '-'}  ${s.kind}: ${s.reason}`)
}
