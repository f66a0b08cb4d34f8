import type {EmulatorControl} from '../../client/emulator-control.js'
import type {PayoutClient} from '../../client/index.js'
import {isApproved, stateAfter} from '../../contract/lifecycle.js'
import {interruptedError, PayctlError} from '../../shared/errors.js'
import {ExitCode} from '../../shared/exit-codes.js'
import {mapLimit} from '../../shared/map-limit.js'
import {reportError} from '../errors/error-report.js'

/** A payout as the emulator answered its claim. */
export type ClaimedPayout = Awaited<ReturnType<EmulatorControl['claim']>>

/** One claim of `emulator claim` with many payouts: the payout as answered, or why the claim was refused. */
export type ClaimOutcome =
  | {id: string; payout: ClaimedPayout}
  | {id: string; error: {code: string; exitCode: number; message: string}}

export interface ClaimRequest {
  method: string
  details: Record<string, string>
  taxResidence?: {country: string; taxIdentity?: Record<string, string>}
}

/**
 * Claims each payout (at most 4 at a time); a refused claim is an outcome, not a stop. Outcomes keep the input
 * order; after `signal` aborts (Ctrl-C) no further claim starts, and the ids not claimed have no outcome.
 */
export async function claimEach(
  control: EmulatorControl,
  ids: readonly string[],
  claim: ClaimRequest,
  signal?: AbortSignal,
): Promise<ClaimOutcome[]> {
  const outcomes = await mapLimit(ids, 4, async (id): Promise<ClaimOutcome | undefined> => {
    if (signal?.aborted) return undefined
    try {
      return {id, payout: await control.claim(id, claim.method, claim.details, claim.taxResidence)}
    } catch (error) {
      const report = reportError(error)
      return {id, error: {code: report.code, exitCode: report.exitCode, message: report.message}}
    }
  })
  return outcomes.filter((outcome): outcome is ClaimOutcome => outcome !== undefined)
}

/** Ctrl-C during many claims: how many were claimed, and the ids not claimed (in `error.data.notClaimedIds`). */
export function claimsInterruption(ids: readonly string[], outcomes: readonly ClaimOutcome[]): PayctlError {
  const done = new Set(outcomes.map(o => o.id))
  const rest = ids.filter(id => !done.has(id))
  return interruptedError(
    `interrupted after ${outcomes.length} of ${ids.length} claims; ${rest.length} not claimed, from ${rest[0]} on`,
    ['re-run with the ids not claimed (--json lists them in error.data.notClaimedIds)'],
    {claimed: outcomes.length, notClaimedIds: rest},
  )
}

/**
 * `--all-approved`: every approved payout whose recipient claims it (an e-mail or phone recipient; a counterparty
 * payout is paid, not claimed), in the order the v2 list gives them.
 */
export async function approvedClaimableIds(client: PayoutClient): Promise<string[]> {
  const ids: string[] = []
  for await (const page of client.v2.payouts.pages({status: [stateAfter('approve')]}))
    for (const payout of page) if (isApproved(payout.status) && !payout.counterpartyId) ids.push(payout.id)
  return ids
}

/**
 * The exit of a run of several claims: none refused is success; otherwise one error naming each refused payout,
 * exit 8 when some were claimed (partial), else the exit code of the first refusal.
 */
export function claimsFailure(outcomes: readonly ClaimOutcome[]): PayctlError | undefined {
  const failed = outcomes.flatMap(o => ('error' in o ? [{id: o.id, ...o.error}] : []))
  if (!failed.length) return undefined
  const claimed = outcomes.length - failed.length
  const named = failed
    .slice(0, 3)
    .map(f => `${f.id} (${f.code})`)
    .join(', ')
  const more = failed.length > 3 ? ` and ${failed.length - 3} more` : ''
  return new PayctlError(`${failed.length} of ${outcomes.length} claims refused: ${named}${more}`, {
    exitCode: claimed ? ExitCode.partial : (failed[0].exitCode as PayctlError['exitCode']),
    code: claimed ? 'PARTIAL' : failed[0].code,
    suggestions: [
      `each refused payout is named with its reason (--json: error.data.failed)${claimed ? '; the others were claimed' : ''}`,
    ],
    data: {claimed, failed},
  })
}
