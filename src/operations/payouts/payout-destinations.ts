import type {PayoutClient} from '../../client/index.js'
import type {PayoutV2} from '../../client/schemas.js'
import type {ReadCounterparty} from '../../services/counterparties/counterparty-reads.js'
import {destinationsOf} from '../../services/payouts/destinations.js'
import type {OperationContext} from '../operation-context.js'

/**
 * The destination line of each payout, for a person's view and for an agent (its `destinations` detail, by payout
 * id). A script's --json gets the API's document alone: nothing more is read.
 */
export async function payoutDestinations(
  context: OperationContext,
  client: PayoutClient,
  payouts: readonly PayoutV2[],
  readCounterparty?: ReadCounterparty,
): Promise<Record<string, string>> {
  if (context.audience === 'script') return {}
  // The counterparties agents created or changed through `payctl mcp` on this profile: the lines mark them.
  const {AgentChanges} = await import('../../services/counterparties/agent-changes.js')
  const agentChanges = new AgentChanges(context.session.dataDir, await context.session.profile())
  const destinations = await destinationsOf(client, payouts, agentChanges, readCounterparty)
  if (context.audience === 'agent') context.report.detail({destinations})
  return destinations
}
