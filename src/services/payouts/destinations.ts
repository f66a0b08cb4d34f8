import type {PayoutClient} from '../../client/index.js'
import type {Counterparty, PayoutV2} from '../../client/schemas.js'
import {destinationOf} from '../../contract/destination.js'
import {mapLimit} from '../../shared/map-limit.js'

/**
 * Where each payout's money goes, by payout id: the line the approval page shows (src/contract/destination.ts).
 * A counterparty payout reads its counterparty (each once); one that cannot be read is named by its id.
 */
export async function destinationsOf(
  client: PayoutClient,
  payouts: readonly PayoutV2[],
): Promise<Record<string, string>> {
  const ids = [...new Set(payouts.flatMap(payout => payout.counterpartyId ?? []))]
  const read = await mapLimit(ids, 4, id => client.v2.counterparties.get(id).catch(() => undefined))
  const counterparties = new Map<string, Counterparty | undefined>(ids.map((id, index) => [id, read[index]]))
  return Object.fromEntries(
    payouts.map(payout => {
      const counterparty = payout.counterpartyId ? counterparties.get(payout.counterpartyId) : undefined
      return [payout.id, destinationOf(payout, counterparty).line]
    }),
  )
}
