import type {DestinationPayout} from '../../contract/destination.js'
import {destinationsOf} from '../../services/payouts/destinations.js'
import type {Session} from '../session.js'

/**
 * Where a payout not created yet would go (an interactive create's summary): the line `payouts get` and the approval
 * page show, with the marks of its counterparty's history and of agents' changes on this profile.
 */
export async function draftDestination(session: Session, draft: DestinationPayout): Promise<string> {
  const [client, profile, {AgentChanges}] = await Promise.all([
    session.client(),
    session.profile(),
    import('../../services/counterparties/agent-changes.js'),
  ])
  const destinations = await destinationsOf(
    client,
    [{...draft, id: 'draft'}],
    new AgentChanges(session.dataDir, profile),
  )
  return destinations.draft
}
