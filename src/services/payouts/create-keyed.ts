import {ApiError, type PayoutClient} from '../../client/index.js'
import type {PayoutV2} from '../../client/schemas.js'
import type {CreatePayoutV2} from '../../client/v2/payouts-v2.js'
import {conflictError} from '../../shared/errors.js'
import {compareWithPayout} from './payout-differences.js'

/**
 * A v2 create keyed by customId that the service answers 409 (whatever the code or wording): the payout is
 * looked up by its customId. The same content means it is already there (an earlier run, another computer);
 * other content is a conflict naming both versions. `earlier`: the service replayed an earlier call's answer to
 * the same idempotency key.
 */
export async function createV2(
  client: PayoutClient,
  body: CreatePayoutV2,
  options: {idempotencyKey?: string},
): Promise<{payout: PayoutV2; present: boolean; earlier: boolean}> {
  try {
    return {...(await client.v2.payouts.submit(body, options)), present: false}
  } catch (error) {
    if (body.customId === undefined || !(error instanceof ApiError) || error.status !== 409) throw error
    const found = await comparedUnderCustomId(client, body.customId, body)
    if (!found) throw error
    if (found.compared.status === 'present') return {payout: found.payout, present: true, earlier: false}
    throw conflictError(`customId ${body.customId}: ${found.compared.error}`, [
      'choose another --custom-id, or change the payout with "payctl payouts update"',
    ])
  }
}

/**
 * The step after a create that was replayed or refused because its customId is taken (one create, or each row of
 * an import's batch): the payout under `customId`, compared with what was sent (`present`, or a `conflict` naming
 * both versions); undefined when the service holds none (a 404). Other failures are thrown.
 */
export async function comparedUnderCustomId(
  client: PayoutClient,
  customId: string,
  body: CreatePayoutV2,
): Promise<{payout: PayoutV2; compared: ReturnType<typeof compareWithPayout>} | undefined> {
  try {
    const payout = await client.v2.payouts.get(customId)
    return {payout, compared: compareWithPayout(body, payout)}
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined
    throw error
  }
}
