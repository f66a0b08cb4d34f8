import type {PayoutClient} from '../../client/index.js'
import type {PayoutV2} from '../../client/schemas.js'
import type {AgentChanges} from '../../services/counterparties/agent-changes.js'
import {destinationsOf} from '../../services/payouts/destinations.js'
import type {Output} from '../output/output.js'

/**
 * The destination line of each payout, for the views that show a payout to a person and for an MCP answer (its
 * `destinations`, by payout id). A --json run for a script prints the API's document alone and reads nothing more.
 */
export async function shownDestinations(
  out: Output,
  client: PayoutClient,
  payouts: readonly PayoutV2[],
  agentChanges: () => Promise<AgentChanges>,
): Promise<Record<string, string>> {
  if (out.json && !out.sink) return {}
  const destinations = await destinationsOf(client, payouts, await agentChanges())
  if (out.sink) out.detail({destinations})
  return destinations
}
