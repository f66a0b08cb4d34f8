import {ApiError} from '../../client/api-errors.js'
import type {PayoutClient} from '../../client/index.js'
import type {PayoutV2} from '../../client/schemas.js'
import {initialState} from '../../contract/lifecycle.js'
import type {ReadCounterparty} from '../../services/counterparties/counterparty-reads.js'
import {withWayOut} from '../../services/errors/error-report.js'
import {fixLine, fixStep, payabilityFixes} from '../../services/payouts/payability-fixes.js'
import {clientReads} from '../../services/payouts/payability-reads.js'
import type {OperationContext} from '../operation-context.js'

/**
 * A created counterparty payout that cannot be paid as it stands: a warning per blocker, with the command that fixes
 * it. An agent's create flags it with its tool calls instead (src/mcp/payout-blockers.ts).
 */
export async function warnIfBlocked(
  context: OperationContext,
  client: PayoutClient,
  payout: PayoutV2,
  readCounterparty?: ReadCounterparty,
): Promise<void> {
  if (context.audience === 'agent' || !payout.counterpartyId) return
  for (const fix of await payabilityFixes(clientReads(client, readCounterparty), payout))
    context.report.warn(`payout ${payout.id} cannot be paid as it stands: ${fix.why}; ${fixLine(fix)}`)
}

/**
 * A create with `--and-then pay` that the service refused as its counterparty stands (INVALID_STATE; nothing was
 * created): the error says what lets it be paid, then the same command again.
 */
export async function withPayabilityFix(
  error: unknown,
  client: PayoutClient,
  body: {counterpartyId?: string; currency?: string},
): Promise<unknown> {
  if (!(error instanceof ApiError) || error.code !== 'INVALID_STATE' || !body.counterpartyId) return error
  const planned = {status: initialState(), currency: body.currency, counterpartyId: body.counterpartyId}
  const [fix] = (await payabilityFixes(clientReads(client), planned)).filter(found => found.kind !== 'deleted')
  if (!fix) return error
  return withWayOut(error, {
    suggestions: [fixLine(fix), 'then run the same command again (nothing was created)'],
    advice: {next: fixStep(fix)},
  })
}
