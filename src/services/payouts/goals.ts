import type {PayoutV2} from '../../client/schemas.js'
import {
  isApproved,
  isDeleted,
  isInTransfer,
  isOpen,
  isSettled,
  isUnpaidEnd,
  stateAfter,
} from '../../contract/lifecycle.js'
import {awaitsNewClaim} from './payout-failures.js'

/**
 * What "done" means after each step (docs/waiting.md):
 * - `settled`: the money's end: `completed`; `failed` and `expired` are failures; everything else is in flight.
 * - `paid` (pay, `--and-then pay`): a counterparty payout must settle; a payout to an e-mail or phone recipient
 *   is done once it is approved and its claim link is out (the recipient must still claim; it is paid then).
 * - `approved` (approve): approved, or further (a payout claimed before approval is transferred at once and
 *   must settle).
 * - `claim-link` (send-claim-link): the link is out and the payout waits for its recipient (`created` or
 *   `approved`), or it settled.
 * A failed e-mail or phone payout whose payee got a fresh claim link waits on them (`awaiting-claim`), but for
 * `settled`.
 */
export type WaitGoal = 'settled' | 'paid' | 'approved' | 'claim-link'

export const WAIT_GOALS: readonly WaitGoal[] = ['settled', 'paid', 'approved', 'claim-link']

/** How a payout stands for a goal: `awaiting-claim` is done for this step, the recipient must still act. */
export type GoalState = 'completed' | 'awaiting-claim' | 'approved' | 'failed' | 'pending'

/** The status a payout read as gone (404) is counted with: deleted. */
export const GONE = stateAfter('delete')

export function goalStateOf(
  payout: Pick<PayoutV2, 'status' | 'counterpartyId' | 'claimLinkSentAt' | 'requestedAt'>,
  goal: WaitGoal,
): GoalState {
  const {status} = payout
  if (isSettled(status)) return 'completed'
  if (goal !== 'settled' && awaitsNewClaim(payout)) return 'awaiting-claim'
  if (isUnpaidEnd(status) || isDeleted(status)) return 'failed'
  if (isInTransfer(status) || goal === 'settled') return 'pending'
  const claimable = Boolean(payout.claimLinkSentAt)
  if (goal === 'claim-link') return isOpen(status) ? 'awaiting-claim' : 'pending'
  if (goal === 'approved') return isApproved(status) ? 'approved' : 'pending'
  if (isApproved(status) && !payout.counterpartyId && claimable) return 'awaiting-claim'
  return 'pending'
}

export const isFinal = (s: GoalState) => s !== 'pending'

/** The goal of `--wait` after a step: what the step set in motion (`andThen` as sent, or as a journal recorded it). */
export function goalOf(step: 'approve' | 'pay' | 'send-claim-link', andThen?: string): WaitGoal {
  if (step === 'pay' || andThen === 'pay') return 'paid'
  if (step === 'send-claim-link' || andThen === 'send-claim-link') return 'claim-link'
  return 'approved'
}
