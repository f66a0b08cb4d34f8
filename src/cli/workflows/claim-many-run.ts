import type {EmulatorControl} from '../../client/emulator-control.js'
import {
  type ClaimedPayout,
  type ClaimRequest,
  claimEach,
  claimsFailure,
  claimsInterruption,
} from '../../services/emulator-control/claim-many.js'
import {watchInterrupts} from '../interrupt.js'
import {showClaims} from '../output/claim-view.js'
import type {Output} from '../output/output.js'

export const CLAIMS_STOPPING = 'Stopping after the claims in flight (press Ctrl-C again to quit at once)…'

/**
 * `emulator claim` with many payouts: claims each, prints one line per payout (or the claimed ones as JSON), then
 * fails with the refused ones (exit 8, or the refusal's code when none was claimed). Ctrl-C starts no further
 * claim: the claims in flight finish, are printed, and the run ends with exit 130 naming the ids not claimed.
 */
export async function claimMany(
  out: Output,
  control: EmulatorControl,
  ids: readonly string[],
  claim: ClaimRequest,
): Promise<ClaimedPayout[]> {
  const interrupts = watchInterrupts({notice: CLAIMS_STOPPING})
  try {
    const outcomes = await claimEach(control, ids, claim, interrupts.signal)
    showClaims(out, outcomes, claim)
    if (interrupts.signal.aborted && outcomes.length < ids.length) throw claimsInterruption(ids, outcomes)
    const failure = claimsFailure(outcomes)
    if (failure) throw failure
    return outcomes.flatMap(outcome => ('payout' in outcome ? [outcome.payout] : []))
  } finally {
    interrupts.dispose()
  }
}
