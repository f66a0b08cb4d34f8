import type {PayoutV2} from '../../client/schemas.js'
import {isDeclined, isDeleted, isExpired, isUnpaidEnd} from '../../contract/lifecycle.js'
import {PayctlError} from '../../shared/errors.js'
import {ExitCode} from '../../shared/exit-codes.js'

/** A payout whose money did not reach the recipient: `failed` (with the service's code and reason) or `expired`. */
export interface FailedPayout {
  id: string
  customId?: string
  /** Set for a counterparty payout (paid again); absent for an e-mail or phone payee (sent a fresh claim link). */
  counterpartyId?: string
  status: string
  failureCode?: string
  failureReason?: string
}

export const isFailed = (payout: Pick<PayoutV2, 'status'>) => isUnpaidEnd(payout.status ?? '')

/**
 * A failed e-mail or phone payout whose payee was sent a fresh claim link after the failed attempt (the link is
 * newer than the request that failed): it now waits on the payee to claim with another method.
 */
export function awaitsNewClaim(
  payout: Pick<PayoutV2, 'status' | 'counterpartyId' | 'claimLinkSentAt' | 'requestedAt'>,
) {
  if (!isDeclined(payout.status) || payout.counterpartyId || !payout.claimLinkSentAt || !payout.requestedAt)
    return false
  return Date.parse(payout.claimLinkSentAt) > Date.parse(payout.requestedAt)
}

export function failedPayout(payout: PayoutV2): FailedPayout {
  return {
    id: payout.id,
    customId: payout.customId,
    counterpartyId: payout.counterpartyId,
    status: payout.status ?? 'unknown',
    failureCode: payout.failureCode,
    failureReason: payout.failureReason,
  }
}

/** One line per failed payout: `payout_… (customId "x"): failed: account_closed: The recipient bank declined…`. */
export function describeFailure(failure: FailedPayout): string {
  const who = failure.customId ? `${failure.id} (customId "${failure.customId}")` : failure.id
  const why = isExpired(failure.status)
    ? 'it expired before it was paid'
    : isDeleted(failure.status)
      ? 'it was deleted'
      : [failure.failureCode ?? 'no failure code', failure.failureReason].filter(Boolean).join(': ')
  return `${who}: ${failure.status}: ${why}`
}

const plural = (n: number) => `${n} payout${n === 1 ? '' : 's'}`

/** What to do about a failed counterparty payment (spec 3: paying a failed payout again goes to the current payment method). */
export const RETRY_HINT =
  "fix the counterparty's payment method (payctl counterparties update), then pay again: payctl payouts pay ID… (needs payouts:approve), or payctl payouts import-status FILE --retry-failed for an import"

/** What to do about a failed e-mail or phone payout: pay is for counterparty payouts (spec 4.5); the payee claims again. */
export const CLAIM_AGAIN_HINT =
  'an e-mail or phone payee chooses another method: send a fresh claim link with payctl payouts send-claim-link ID…, or payctl payouts import-status FILE --retry-failed for an import'

/** The hints for these failures: paying again for counterparty payouts, a fresh claim link for the others. */
export function retryHints(failures: ReadonlyArray<Pick<FailedPayout, 'counterpartyId' | 'status'>>): string[] {
  const failed = failures.filter(f => isDeclined(f.status))
  return [
    ...(failed.some(f => f.counterpartyId) ? [RETRY_HINT] : []),
    ...(failed.some(f => !f.counterpartyId) ? [CLAIM_AGAIN_HINT] : []),
  ]
}

/**
 * The error a command ends with when its own step left payouts `failed` or `expired`: exit 8 (partial), the
 * message names each failure with its code and reason (the first few inline; all of them in `data`).
 */
export function failuresError(
  failures: readonly FailedPayout[],
  of: number,
  suggestions: string[] = retryHints(failures),
): PayctlError {
  const shown = failures.slice(0, 20).map(describeFailure)
  const more = failures.length > shown.length ? `; and ${failures.length - shown.length} more (see --json)` : ''
  const head = of === 1 ? 'the payout failed' : `${plural(failures.length)} of ${of} failed`
  return new PayctlError(`${head}: ${shown.join('; ')}${more}`, {
    exitCode: ExitCode.partial,
    code: 'PAYOUT_FAILED',
    suggestions,
    data: {failed: failures},
  })
}

/** The error of payouts of which some failed (exit 8), or undefined. */
export function failureOf(payouts: readonly PayoutV2[], suggestions?: string[]): PayctlError | undefined {
  const failures = payouts.filter(p => isFailed(p) && !awaitsNewClaim(p)).map(failedPayout)
  return failures.length ? failuresError(failures, payouts.length, suggestions) : undefined
}
