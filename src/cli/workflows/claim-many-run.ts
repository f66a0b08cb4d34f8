import type {EmulatorControl} from '../../client/emulator-control.js'
import {watchInterrupts} from '../../operations/interrupt.js'
import {
  type ClaimedPayout,
  type ClaimRequest,
  claimEach,
  claimsFailure,
  claimsInterruption,
} from '../../services/emulator-control/claim-many.js'
import {showClaims} from '../output/claim-view.js'
import {type Shown, shown} from '../shown.js'

export const CLAIMS_STOPPING = 'Stopping after the claims in flight (press Ctrl-C again to quit at once)…'

/**
 * `emulator claim` with many payouts: claims each and answers the claimed ones, shown one line per payout; once
 * shown, the run fails with the refused ones (exit 8, or the refusal's code when none was claimed). Ctrl-C starts no further
 * claim: the claims in flight finish, are printed, and the run ends with exit 130 naming the ids not claimed.
 */
export async function claimMany(
  control: EmulatorControl,
  ids: readonly string[],
  claim: ClaimRequest,
): Promise<Shown<ClaimedPayout[]>> {
  const interrupts = watchInterrupts({notice: CLAIMS_STOPPING})
  const outcomes = await claimEach(control, ids, claim, interrupts.signal).finally(() => interrupts.dispose())
  return shown(
    outcomes.flatMap(outcome => ('payout' in outcome ? [outcome.payout] : [])),
    {
      view: (_, out) => showClaims(out, outcomes, claim),
      after: () => {
        if (interrupts.signal.aborted && outcomes.length < ids.length) throw claimsInterruption(ids, outcomes)
        const failure = claimsFailure(outcomes)
        if (failure) throw failure
      },
    },
  )
}
