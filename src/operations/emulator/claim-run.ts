import type {EmulatorControl} from '../../client/emulator-control.js'
import {
  type ClaimOutcome,
  type ClaimRequest,
  claimEach,
  claimsFailure,
  claimsInterruption,
} from '../../services/emulator-control/claim-many.js'
import {watchInterrupts} from '../interrupt.js'

export const CLAIMS_STOPPING = 'Stopping after the claims in flight (press Ctrl-C again to quit at once)…'

/**
 * `emulator claim` with many payouts: claims each, answering the claimed ones with every outcome; the run ends with
 * the refused ones (exit 8, or the refusal's code when none was claimed). Ctrl-C starts no further claim: the
 * claims in flight finish, and the run ends with exit 130 naming the ids not claimed.
 */
export async function claimMany(control: EmulatorControl, ids: readonly string[], claim: ClaimRequest) {
  const interrupts = watchInterrupts({notice: CLAIMS_STOPPING})
  const outcomes: ClaimOutcome[] = await claimEach(control, ids, claim, interrupts.signal).finally(() =>
    interrupts.dispose(),
  )
  const error =
    interrupts.signal.aborted && outcomes.length < ids.length
      ? claimsInterruption(ids, outcomes)
      : claimsFailure(outcomes)
  return {value: outcomes.flatMap(outcome => ('payout' in outcome ? [outcome.payout] : [])), outcomes, error}
}
