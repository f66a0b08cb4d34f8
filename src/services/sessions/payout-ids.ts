import type {PayoutClient} from '../../client/index.js'
import {usageError} from '../../shared/errors.js'
import {mapLimit} from '../payouts/actions.js'
import {type PayoutKey, payoutKeyFromCustomId, payoutKeyFromId} from '../payouts/ids-input.js'

/** The payouts a session is for, from --payout (ids) and --custom-id; checked before anything is sent. */
export function sessionPayoutKeys(ids: readonly string[] = [], customIds: readonly string[] = []): PayoutKey[] {
  return [
    ...ids.map(id => payoutKeyFromId(id.trim(), '--payout')),
    ...customIds.map(customId => payoutKeyFromCustomId(customId)),
  ]
}

/** Sessions take v1 UUIDs: ids convert directly, customIds are looked up (v1 GET with id_type=custom_id). */
export async function v1PayoutIds(client: PayoutClient, keys: readonly PayoutKey[]): Promise<string[]> {
  if (keys.length > 100) throw usageError(`an approval session takes at most 100 payouts, not ${keys.length}`)
  return mapLimit(keys, 8, async key =>
    key.kind === 'id' ? key.v1 : (await client.v1.payouts.get(key.customId, 'custom_id')).id,
  )
}
