import type {ClaimOutcome} from '../../services/emulator-control/claim-many.js'
import type {Output} from './output.js'

/** "Claimed payout_… with bank-iban Ada Lovelace, DE89…: completed" (and the failure code and reason, if any). */
export function claimedLine(payout: Record<string, unknown>, method: string, details: Record<string, string>): string {
  const failure = typeof payout.failureCode === 'string' ? ` (${payout.failureCode}: ${payout.failureReason})` : ''
  return `Claimed ${payout.id} with ${method} ${Object.values(details).join(', ')}: ${payout.status}${failure}`
}

/**
 * Several claims, for a person: one line per payout in input order (a refused one on stderr with its code and
 * reason). --json prints the claimed payouts as an array (the refused ones are in the error object).
 */
export function showClaims(
  out: Output,
  outcomes: readonly ClaimOutcome[],
  claim: {method: string; details: Record<string, string>},
): void {
  for (const outcome of outcomes)
    if ('payout' in outcome) out.line(claimedLine(outcome.payout, claim.method, claim.details))
    else out.stderr(`Refused ${outcome.id}: ${outcome.error.code}: ${outcome.error.message}`)
  const claimed = outcomes.filter(o => 'payout' in o).length
  out.info(
    outcomes.length
      ? `${claimed} of ${outcomes.length} payout${outcomes.length === 1 ? '' : 's'} claimed.`
      : 'No approved payout to claim.',
  )
}
