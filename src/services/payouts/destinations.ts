import {ApiError} from '../../client/api-errors.js'
import type {PayoutClient} from '../../client/index.js'
import type {Counterparty} from '../../client/schemas.js'
import {
  type CounterpartyHistory,
  type DestinationCounterparty,
  type DestinationPayout,
  destinationOf,
} from '../../contract/destination.js'
import {stateAfter} from '../../contract/lifecycle.js'
import {mapLimit} from '../../shared/map-limit.js'
import type {AgentChanges} from '../counterparties/agent-changes.js'
import type {ReadCounterparty} from '../counterparties/counterparty-reads.js'

/** How many of the newest completed payouts are read to tell whether a counterparty was paid before. */
export const PAID_LOOKBACK = 300

/** A counterparty the service does not find (404) was deleted; any other failure leaves it unread. */
const gone = (error: unknown): DestinationCounterparty | undefined =>
  error instanceof ApiError && error.status === 404 ? {deleted: true} : undefined

/**
 * The counterparties among these that a completed payout went to since their details last changed (`updatedAt`),
 * reading at most PAID_LOOKBACK of the newest completed payouts; `complete` when the list ended before that.
 */
async function paidSinceChanged(
  client: PayoutClient,
  counterparties: ReadonlyMap<string, Counterparty>,
): Promise<{paid: Set<string>; complete: boolean}> {
  const paid = new Set<string>()
  let read = 0
  for await (const page of client.v2.payouts.pages({status: [stateAfter('settle')], limit: PAID_LOOKBACK})) {
    for (const payout of page) {
      read++
      const id = payout.counterpartyId
      const changed = id ? counterparties.get(id)?.updatedAt : undefined
      if (id && changed && payout.completedAt && Date.parse(payout.completedAt) >= Date.parse(changed)) paid.add(id)
    }
    if (paid.size === counterparties.size) break
  }
  return {paid, complete: read < PAID_LOOKBACK}
}

/**
 * What a person needs to know of each counterparty's past: not paid since its details last changed (unknown when the
 * list cannot be read), and set by an agent through `payctl mcp` on this profile.
 */
async function historiesOf(
  client: PayoutClient,
  counterparties: ReadonlyMap<string, Counterparty>,
  agentChanges: AgentChanges | undefined,
): Promise<Map<string, CounterpartyHistory>> {
  const [walk, agent] = await Promise.all([
    counterparties.size ? paidSinceChanged(client, counterparties).catch(() => undefined) : undefined,
    agentChanges?.latest([...counterparties.keys()]),
  ])
  const histories = new Map<string, CounterpartyHistory>()
  for (const id of counterparties.keys()) {
    const history: CounterpartyHistory = {}
    if (walk && !walk.paid.has(id)) history.unpaid = walk.complete ? {} : {among: PAID_LOOKBACK}
    const change = agent?.get(id)
    if (change) history.agent = {tool: change.tool, at: change.at}
    histories.set(id, history)
  }
  return histories
}

/**
 * Where each payout's money goes, by payout id: the line the approval page shows (src/contract/destination.ts). A
 * payout not created yet (an interactive create's summary) is read the same way, under an id of the caller's.
 * A counterparty payout reads its counterparty (each once); one the service no longer finds is deleted, one that cannot
 * be read is named by its id. A readable counterparty's line carries the marks of its history.
 * `readCounterparty` shares the job's reads (a create reads its counterparty once for its line and its warnings).
 */
export async function destinationsOf(
  client: PayoutClient,
  payouts: ReadonlyArray<DestinationPayout & {id: string}>,
  agentChanges?: AgentChanges,
  readCounterparty: ReadCounterparty = id => client.v2.counterparties.get(id),
): Promise<Record<string, string>> {
  const ids = [...new Set(payouts.flatMap(payout => payout.counterpartyId ?? []))]
  const read = await mapLimit(ids, 4, id => readCounterparty(id).catch(gone))
  const counterparties = new Map<string, DestinationCounterparty | undefined>(ids.map((id, index) => [id, read[index]]))
  const readable = new Map(
    ids.flatMap((id, index) => (read[index] && !read[index].deleted ? [[id, read[index] as Counterparty]] : [])),
  )
  const histories = await historiesOf(client, readable, agentChanges)
  return Object.fromEntries(
    payouts.map(payout => {
      const id = payout.counterpartyId
      const counterparty = id ? counterparties.get(id) : undefined
      return [payout.id, destinationOf(payout, counterparty, {history: id ? histories.get(id) : undefined}).line]
    }),
  )
}
